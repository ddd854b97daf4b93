import type { ReactNode } from 'react';

/**
 * The element around every page of the auth remote, in the shell and on the sign-in page of its own:
 * which remote, and which deployed version of it, drew what is inside (the journeys read it).
 */
export function RemoteMark({ children }: { children: ReactNode }) {
  return (
    <div data-remote="auth" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      {children}
    </div>
  );
}
