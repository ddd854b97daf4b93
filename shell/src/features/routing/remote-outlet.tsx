import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { guardRoute } from '@portal/domain';
import { useSession, viewerOf } from '@portal/session';
import { RemoteErrorBoundary } from '@portal/ui';
import { useT } from '../../messages';
import type { RemoteName } from '../../federation/remotes';
import { navigated, noteRelease, servedVersion } from '../../federation/served-versions';
import { NotFoundPage } from './not-found-page';
import { pagePreloadedScriptsOf, reloadPage } from './reload-page';
import { remoteForPath } from './route-table';

/** A remote's routes component, or a promise of it; answered at once when the remote has loaded. */
export type LoadRemoteRoutes = (remote: RemoteName) => Promise<ComponentType> | ComponentType;

function RemoteLoading() {
  const t = useT();
  return (
    <Center py="16">
      <VStack gap="3">
        <Spinner size="lg" color="blue.500" />
        <Text color="fg.muted">{t('common.loading')}</Text>
      </VStack>
    </Center>
  );
}

/** How long a page of a remote may take to show its heading (or an alert) before it counts as one that showed none. */
export const PAGE_HEADING_WAIT_MS = 10_000;
const PAGE_SHOWN = 'h1, h2, [role="alert"]';

/** The errors of a remote's code that failed to load: counted as a chunk, not again as a panel. */
const loadFailures = new WeakSet<object>();

/**
 * Counts an error the remote's page threw while rendering as a panel shown (the boundary above shows it: this one
 * passes the error on, so it never commits and counts while passing it, once).
 */
class PanelReport extends Component<{ onPanel(): void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  private counted = false;

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!this.counted && !(typeof error === 'object' && error !== null && loadFailures.has(error))) this.props.onPanel();
    this.counted = true;
    throw error;
  }
}

/**
 * One remote's routes behind its own error boundary. Retry builds a new lazy loader (so the remote
 * is fetched again) and remounts the boundary, which is keyed on the attempt; for the remote whose
 * files the page preloaded, it loads the page again (see pagePreloadedScriptsOf). Each page of it counts a load of
 * `version` when its render starts, and what failed (docs/deploying-a-remote.md#canary-releases).
 */
function RemoteView({ remote, version, load, cache }: { remote: RemoteName; version: string | undefined; load: LoadRemoteRoutes; cache: Map<string, ComponentType> }) {
  const { pathname } = useLocation();
  const page = useRef<HTMLDivElement>(null);
  const cacheKey = `${remote}@${version ?? ''}`;
  const makeLoader = (): ComponentType => {
    const cached = cache.get(cacheKey);
    if (cached) return cached;
    const routes = load(remote);
    if (!(routes instanceof Promise)) {
      cache.set(cacheKey, routes);
      return routes;
    }
    routes.catch((error: unknown) => {
      // The lazy component below shows the failure when it renders.
      if (typeof error === 'object' && error !== null) loadFailures.add(error);
      noteRelease(remote, version, 'chunk');
    });
    return lazy(async () => {
      const RemoteRoutes = await routes;
      cache.set(cacheKey, RemoteRoutes);
      return { default: RemoteRoutes };
    });
  };
  const [Loaded, setLoaded] = useState<ComponentType>(makeLoader);
  const [attempt, setAttempt] = useState(0);

  // A page of the remote starts to render: a load, then a page without a heading if none shows within the wait.
  const counted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (counted.current !== pathname) {
      counted.current = pathname;
      noteRelease(remote, version, 'load');
    }
    const timer = setTimeout(() => {
      if (!page.current?.querySelector(PAGE_SHOWN)) noteRelease(remote, version, 'no-heading');
    }, PAGE_HEADING_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pathname, remote, version]);

  return (
    <div ref={page} style={{ display: 'contents' }}>
      <RemoteErrorBoundary
        key={attempt}
        label={remote}
        panelProps={{ maxW: '2xl', mx: 'auto', my: '8' }}
        onRetry={() => {
          if (pagePreloadedScriptsOf(remote)) {
            reloadPage();
            return;
          }
          cache.delete(cacheKey);
          setLoaded(() => makeLoader());
          setAttempt((n) => n + 1);
        }}
      >
        <PanelReport onPanel={() => noteRelease(remote, version, 'panel')}>
          <Suspense fallback={<RemoteLoading />}>
            <Loaded />
          </Suspense>
        </PanelReport>
      </RemoteErrorBoundary>
    </div>
  );
}

/** Picks the remote that owns the path, applies the route guard, and renders the remote. */
export function RemoteOutlet({ load }: { load: LoadRemoteRoutes }) {
  const location = useLocation();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const contact = useSession((s) => s.contact);
  const enrolRequired = useSession((s) => s.enrolRequired);
  const viewer = useMemo(() => {
    const signedIn = viewerOf({ isLoggedIn, contact });
    return signedIn && { ...signedIn, enrolRequired };
  }, [isLoggedIn, contact, enrolRequired]);
  // Loaded remotes stay mounted-ready for the life of the outlet, so moving between them does not flash.
  const [cache] = useState(() => new Map<string, ComponentType>());
  // The version of the remote a page renders is the one served when the visitor moved to it: a newer one the map
  // names later (version skew) renders at the next page, never under the page on screen.
  const served = useRef<{ pathname: string; remote?: RemoteName | null; version?: string | null }>({ pathname: '' });
  useEffect(() => navigated(), [location.pathname]);

  const remote = remoteForPath(location.pathname);
  if (served.current.pathname !== location.pathname || served.current.remote !== remote) {
    served.current = { pathname: location.pathname, remote, version: remote && servedVersion(remote) };
  }
  if (!remote) return <NotFoundPage />;

  const verdict = guardRoute(location.pathname, viewer);
  if (verdict.kind === 'login') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  if (verdict.kind === 'redirect') return <Navigate to={verdict.to} replace />;

  const version = served.current.version ?? undefined;
  return <RemoteView key={`${remote}@${version ?? ''}`} remote={remote} version={version} load={load} cache={cache} />;
}
