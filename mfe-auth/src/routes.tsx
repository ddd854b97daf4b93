import { lazy, Suspense } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { settingsMessages } from '@portal/features';
import { NotFoundPage } from '@portal/ui';
import { RemoteMark } from './components/remote-mark';
import { authMessages, useT } from './messages';
import { LoginPage } from './features/login/login-page';
import { ForgotPasswordPage } from './features/password-reset/forgot-password-page';

// The sign-in and forgotten-password pages come with the routes; the others load when opened, so
// the sign-in page's JavaScript holds only what it shows (docs/architecture.md#weight).
const RegistrationPage = lazy(() => import('./features/registration/registration-page').then((m) => ({ default: m.RegistrationPage })));
const ResetPasswordPage = lazy(() => import('./features/password-reset/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })));
const SecurityPage = lazy(() => import('./features/security/security-page').then((m) => ({ default: m.SecurityPage })));
const EmailChangePage = lazy(() => import('./features/email-change/email-change-page').then((m) => ({ default: m.EmailChangePage })));
const VerifyEmailPage = lazy(() => import('./features/verify-email/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })));

/** The way back from a page that is not there, in the person's language. */
function GoToSignIn() {
  const t = useT();
  return (
    <Link asChild colorPalette="blue">
      <RouterLink to="/login">{t('common.goToSignIn')}</RouterLink>
    </Link>
  );
}

/**
 * The shell renders these pages once the visitor's language has arrived (docs/decisions/0024-message-catalogues.md): this
 * remote's texts and those of the shared widgets it shows (@portal/features).
 */
export const ready = Promise.all([authMessages.preload(), settingsMessages.preload()]);

/** The auth remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <RemoteMark>
      {/* Its own boundary: without it the shell's Loading… would show (for at least 300 ms) while a page loads. */}
      <Suspense fallback={null}>
        <Routes>
          <Route index element={<LoginPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegistrationPage />} />
          <Route path="forgotpassword" element={<ForgotPasswordPage />} />
          <Route path="resetpassword/:resetCode" element={<ResetPasswordPage />} />
          <Route path="verifyemail/:code" element={<VerifyEmailPage />} />
          <Route path="emailchange/undo/:code" element={<EmailChangePage purpose="undo" />} />
          <Route path="emailchange/confirm/:code" element={<EmailChangePage purpose="confirm" />} />
          <Route path="security" element={<SecurityPage />} />
          <Route
            path="*"
            element={
              <NotFoundPage>
                <GoToSignIn />
              </NotFoundPage>
            }
          />
        </Routes>
      </Suspense>
    </RemoteMark>
  );
}
