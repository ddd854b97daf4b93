import { Link } from '@chakra-ui/react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { LoginPage } from './features/login/login-page';
import { NotFoundPage } from '@portal/ui';

/** The auth remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="auth" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route index element={<LoginPage />} />
        <Route path="login" element={<LoginPage />} />
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
