import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { featuresMessages } from '@portal/features';
import { NotFoundPage, preloadMarkdown } from '@portal/ui';
import { TicketDetailPage } from './features/ticket-detail/ticket-detail-page';
import { ticketsMessages } from './messages';

// The new-ticket page (and its form library, react-hook-form) loads when opened: the ticket page, this
// remote's first screen, goes without them (docs/performance.md#what-keeps-the-first-screen-small).
const NewTicketPage = lazy(() => import('./features/new-ticket/new-ticket-page').then(async (module) => {
  await module.ready;
  return { default: module.NewTicketPage };
}));

// The ticket page's notes are Markdown: its renderer loads with this code, when a link to a ticket is about to be
// followed or the page opens, and the shell renders these pages once it is in (`ready`), so a note never waits for
// it and nothing jumps when it arrives (docs/performance.md#a-click-is-instant).
// The reader's language's catalogues likewise, this remote's and the shared widgets' (docs/decisions/0024-message-catalogues.md).
export const ready: Promise<unknown> = Promise.all([preloadMarkdown(), ticketsMessages.preload(), featuresMessages.preload()]);

/** The tickets remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="tickets" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="clients/:clientId/tickets/new" element={<Suspense fallback={null}><NewTicketPage /></Suspense>} />
        <Route path="clients/:clientId/tickets/:ticketId" element={<TicketDetailPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}

/** What each page reads first, for the shell to read ahead when a link to it is about to be followed. */
export { pageReads } from './page-reads';
