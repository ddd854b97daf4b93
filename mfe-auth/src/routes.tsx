import { Route, Routes } from 'react-router-dom';
import { LoginPage } from './features/login/login-page';
import { NotFoundPage } from './features/not-found/not-found-page';

/** The auth remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="auth" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route index element={<LoginPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
