import { useMemo } from 'react';
import { useSession, viewerOf, type Viewer } from '@portal/session';

/** The signed-in contact in the shape the permission rules take (the shell's guard keeps it non-null). */
export function useViewer(): Viewer | null {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const contact = useSession((s) => s.contact);
  return useMemo(() => viewerOf({ isLoggedIn, contact }), [isLoggedIn, contact]);
}
