import type { ReactElement } from 'react';
import { RemoteErrorPanel } from '@portal/ui';
import { LoginPage } from './features/login/login-page';
import { ForgotPasswordPage } from './features/password-reset/forgot-password-page';
import { FAILED_PANEL_ATTRIBUTE } from './sign-in/failed-panel';

/**
 * The sign-in page, and the panel its own script shows in its place when the rest of the page's
 * JavaScript cannot be loaded (src/sign-in/index.ts): kept in a template, which the browser parses
 * but does not show.
 */
const signInPage = (
  <>
    <LoginPage />
    <template {...{ [FAILED_PANEL_ATTRIBUTE]: '' }}>
      <RemoteErrorPanel label="auth" panelProps={{ maxW: 'sm', mx: 'auto', mt: { base: '6', md: '16' } }} />
    </template>
  </>
);

/**
 * The public pages rendered at build time (server/lib/prerender.ts): the server writes the one
 * for the visited path into the page, so its heading paints before any JavaScript has run, and the
 * shell renders the real page over it (docs/architecture.md#weight). Only pages whose first screen
 * depends on nothing but the path: the registration wizard keeps its draft in the browser, and a
 * reset code is checked by the API.
 */
export const prerenderedPages: Record<string, ReactElement> = {
  '/': signInPage,
  '/login': signInPage,
  '/forgotpassword': <ForgotPasswordPage />,
};

/**
 * The public paths whose prerendered page runs the auth remote's sign-in page of its own
 * (src/sign-in, built by rspack.config.cjs) instead of the shell: no federation runtime, no router,
 * about half the JavaScript before the form works (docs/architecture.md#weight).
 */
export const ownPages: Record<string, string> = { '/': 'sign-in', '/login': 'sign-in' };
