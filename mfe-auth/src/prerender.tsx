import type { ReactElement } from 'react';
import { LoginPage } from './features/login/login-page';
import { ForgotPasswordPage } from './features/password-reset/forgot-password-page';

/**
 * The public pages rendered at build time (scripts/lib/prerender.ts): the server writes the one
 * for the visited path into the page, so its heading paints before any JavaScript has run, and the
 * shell renders the real page over it (docs/architecture.md#weight). Only pages whose first screen
 * depends on nothing but the path: the registration wizard keeps its draft in the browser, and a
 * reset code is checked by the API.
 */
export const prerenderedPages: Record<string, ReactElement> = {
  '/': <LoginPage />,
  '/login': <LoginPage />,
  '/forgotpassword': <ForgotPasswordPage />,
};
