import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Flex } from '@chakra-ui/react';
import { Route, Routes } from 'react-router-dom';
import { useTimer } from '@portal/api-client';
import { canUseTimer } from '@portal/domain';
import { useViewer } from '@portal/session';
import { usePreloadChakraParts } from '../app/chakra-parts';
import { BellSpace, SearchSpace } from '../components/header-room';
import { useDocumentLanguage } from '../hooks/use-document-language';
import { Header } from '../features/header/header';
import { useLiveStream } from '../features/live/use-live-stream';
import { usePrefetchOnIntent } from '../features/prefetch/use-prefetch-on-intent';
import { RemoteOutlet, type LoadRemoteRoutes } from '../features/routing/remote-outlet';
import { remoteForPath } from '../features/routing/route-table';
import { useSessionCheck } from '../features/session/use-session-check';
import { FirstScreenHold } from './first-screen-hold';
import { Footer } from './footer';

// Only someone signed in has a bell: its panel, drawer and icons load with the first signed-in page.
const NotificationBell = lazy(() =>
  import('../features/notifications/notification-bell').then((module) => ({ default: module.NotificationBell })),
);
// The search box too: the sign-in page goes without it.
// And a staff member's timer (docs/product/time-and-billing.md#timers), while there is one: its stop dialog loads later still.
const HeaderTimer = lazy(() => import('../features/timer/header-timer').then((module) => ({ default: module.HeaderTimer })));
const SearchBox = lazy(() => import('../features/search/search-box').then((module) => ({ default: module.SearchBox })));

/**
 * The page's frame: the header above the main area and the footer below. Also rendered at build
 * time, signed out, around the public pages (src/prerender.tsx), so keep it to what it is given.
 */
export function ShellFrame({
  live, header, signedIn = false, children,
}: { live: boolean; header: ReactNode; signedIn?: boolean; children: ReactNode }) {
  return (
    // data-live: whether this tab's live stream is open (journeys wait for it; nothing shows it).
    <Flex direction="column" minH="100vh" data-live={live ? 'on' : 'off'}>
      {header}
      {/* Signed in, the footer starts below the fold: a page's data arriving never moves it on screen (docs/performance.md#data-with-the-page). */}
      <Box as="main" flex="1" minH={signedIn ? '100vh' : undefined} px={{ base: '3', md: '6' }} py="6">
        {children}
      </Box>
      <Footer />
    </Flex>
  );
}

/**
 * Composes the shell's features. Header and bell stay up whatever a remote does: each remote renders
 * inside its own boundary. `firstScreen`: the signed-in first screen the server wrote into the page,
 * shown until the remote's page has its heading (FirstScreenHold).
 */
export function ShellLayout({ loadRemoteRoutes, prefetchCode, firstScreen }: {
  loadRemoteRoutes: LoadRemoteRoutes;
  /** Fetches a remote's code into the cache without running it (federation/remotes.ts prefetchRemoteCode). */
  prefetchCode?: (remote: string) => void;
  firstScreen?: string;
}) {
  useSessionCheck();
  useDocumentLanguage();
  usePreloadChakraParts();
  usePrefetchOnIntent({ loadRemoteRoutes, remoteFor: remoteForPath, prefetchCode });
  const live = useLiveStream();
  const viewer = useViewer();
  // Read here, so the timer's code loads only while there is a timer to show.
  const { timer } = useTimer(viewer !== null && canUseTimer(viewer));
  return (
    <ShellFrame
      live={live}
      signedIn={viewer !== null}
      header={
        <Header
          timer={timer ? (
            <Suspense fallback={null}>
              <HeaderTimer />
            </Suspense>
          ) : undefined}
          search={
            <Suspense fallback={<SearchSpace />}>
              <SearchBox />
            </Suspense>
          }
          bell={(contactId) => (
            <Suspense fallback={<BellSpace />}>
              <NotificationBell contactId={contactId} />
            </Suspense>
          )}
        />
      }
    >
      <FirstScreenHold markup={firstScreen}>
        <Routes>
          <Route path="*" element={<RemoteOutlet load={loadRemoteRoutes} />} />
        </Routes>
      </FirstScreenHold>
    </ShellFrame>
  );
}
