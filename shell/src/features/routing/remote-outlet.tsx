import { lazy, Suspense, useMemo, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Center, Spinner, Text, VStack } from '@chakra-ui/react';
import { guardRoute } from '@portal/domain';
import { useSession, viewerOf } from '@portal/session';
import { RemoteErrorBoundary } from '@portal/ui';
import type { RemoteName } from '../../federation/remotes';
import { NotFoundPage } from './not-found-page';
import { pagePreloadedScriptsOf, reloadPage } from './reload-page';
import { remoteForPath } from './route-table';

/** A remote's routes component, or a promise of it; answered at once when the remote has loaded. */
export type LoadRemoteRoutes = (remote: RemoteName) => Promise<ComponentType> | ComponentType;

function RemoteLoading() {
  return (
    <Center py="16">
      <VStack gap="3">
        <Spinner size="lg" color="blue.500" />
        <Text color="fg.muted">Loading…</Text>
      </VStack>
    </Center>
  );
}

/**
 * One remote's routes behind its own error boundary. Retry builds a new lazy loader (so the remote
 * is fetched again) and remounts the boundary, which is keyed on the attempt; for the remote whose
 * files the page preloaded, it loads the page again (see pagePreloadedScriptsOf).
 */
function RemoteView({ remote, load, cache }: { remote: RemoteName; load: LoadRemoteRoutes; cache: Map<RemoteName, ComponentType> }) {
  const makeLoader = (): ComponentType => {
    const cached = cache.get(remote);
    if (cached) return cached;
    const routes = load(remote);
    if (!(routes instanceof Promise)) {
      cache.set(remote, routes);
      return routes;
    }
    routes.catch(() => undefined); // the lazy component below reports the failure when it renders
    return lazy(async () => {
      const RemoteRoutes = await routes;
      cache.set(remote, RemoteRoutes);
      return { default: RemoteRoutes };
    });
  };
  const [Loaded, setLoaded] = useState<ComponentType>(makeLoader);
  const [attempt, setAttempt] = useState(0);

  return (
    <RemoteErrorBoundary
      key={attempt}
      label={remote}
      panelProps={{ maxW: '2xl', mx: 'auto', my: '8' }}
      onRetry={() => {
        if (pagePreloadedScriptsOf(remote)) {
          reloadPage();
          return;
        }
        cache.delete(remote);
        setLoaded(() => makeLoader());
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Loaded />
      </Suspense>
    </RemoteErrorBoundary>
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
  const [cache] = useState(() => new Map<RemoteName, ComponentType>());

  const remote = remoteForPath(location.pathname);
  if (!remote) return <NotFoundPage />;

  const verdict = guardRoute(location.pathname, viewer);
  if (verdict.kind === 'login') {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  if (verdict.kind === 'redirect') return <Navigate to={verdict.to} replace />;

  return <RemoteView key={remote} remote={remote} load={load} cache={cache} />;
}
