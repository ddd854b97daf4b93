import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@portal/ui';
import { AgreementPage } from './features/agreement/agreement-page';

/** The billing remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="billing" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="agreement" element={<AgreementPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
