import { useEffect } from 'react';
import { preloadChakraParts } from '@chakra-ui/react';
import { useSession } from '@portal/session';

/** What a person does before they open a dialog, a drawer or a tab: the first of these fetches the chunk. */
const FIRST_SIGNS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Chakra's interactive components (dialog, drawer, tabs, checkbox, radio group, switch) load in their own chunk
 * (shared/build-config/shared-facades.cjs): a screen that renders one loads it then. Once someone is signed in,
 * any click may open one, so the chunk is fetched at the person's first sign (a pointer moving, a touch, a key),
 * not with the first screen, which shows its data without it (docs/performance.md#what-keeps-the-first-screen-small).
 */
export function usePreloadChakraParts(): void {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn || !preloadChakraParts) return;
    const preload = preloadChakraParts;
    const load = () => {
      stop();
      preload().catch(() => {
        // A part that renders later loads the chunk again, and shows its error boundary if that fails.
      });
    };
    const stop = () => {
      for (const sign of FIRST_SIGNS) window.removeEventListener(sign, load, true);
    };
    for (const sign of FIRST_SIGNS) window.addEventListener(sign, load, { capture: true, passive: true });
    return stop;
  }, [isLoggedIn]);
}
