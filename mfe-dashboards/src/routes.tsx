import { Route, Routes } from 'react-router-dom';
import { DashboardLanding } from './features/landing/dashboard-landing';
import { InvoicePlaceholder } from './features/landing/invoice-placeholder';
import { NotFoundPage } from './features/landing/not-found-page';

/** The dashboards remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="dashboards" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="admins/*" element={<DashboardLanding role="admin" />} />
        <Route path="agents/*" element={<DashboardLanding role="agent" />} />
        <Route path="clients/*" element={<DashboardLanding role="client" />} />
        <Route path="invoice" element={<InvoicePlaceholder />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
