import { Route, Routes } from 'react-router-dom';
import { NewTicketPage } from './features/new-ticket/new-ticket-page';
import { NotFoundPage } from '@portal/ui';
import { TicketDetailPage } from './features/ticket-detail/ticket-detail-page';

/** The tickets remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="tickets" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="clients/:clientId/tickets/new" element={<NewTicketPage />} />
        <Route path="clients/:clientId/tickets/:ticketId" element={<TicketDetailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
