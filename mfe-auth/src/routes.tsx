import { Link } from '@chakra-ui/react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@portal/ui';
import { LoginPage } from './features/login/login-page';
import { ForgotPasswordPage } from './features/password-reset/forgot-password-page';
import { ResetPasswordPage } from './features/password-reset/reset-password-page';
import { RegistrationPage } from './features/registration/registration-page';
import { SecurityPage } from './features/security/security-page';
import { VerifyEmailPage } from './features/verify-email/verify-email-page';

/** The auth remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="auth" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route index element={<LoginPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegistrationPage />} />
        <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="resetpassword/:resetCode" element={<ResetPasswordPage />} />
        <Route path="verifyemail/:code" element={<VerifyEmailPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route
          path="*"
          element={
            <NotFoundPage>
              <Link asChild colorPalette="blue">
                <RouterLink to="/login">Go to sign in</RouterLink>
              </Link>
            </NotFoundPage>
          }
        />
      </Routes>
    </div>
  );
}
