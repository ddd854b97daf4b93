import { useEffect } from 'react';
import { preloadChakraParts } from '@chakra-ui/react';
import { useSession } from '@portal/session';

/**
 * Chakra's interactive components (dialog, drawer, tabs, checkbox, radio group, switch) load in
 * their own chunk (shared/build-config/shared-facades.cjs), so the login page goes without them.
 * Once someone is signed in, every screen may use them: fetch the chunk after the first paint.
 */
export function usePreloadChakraParts(): void {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  useEffect(() => {
    if (!isLoggedIn || !preloadChakraParts) return;
    preloadChakraParts().catch(() => {
      // A part that renders later loads the chunk again, and shows its error boundary if that fails.
    });
  }, [isLoggedIn]);
}
