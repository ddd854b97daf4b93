import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AgentPage } from './features/agent-page/agent-page';
import { ClientDashboardPage } from './features/client-dashboard/client-dashboard-page';
import { featuresMessages, hourBankMessages } from '@portal/features';
import { NotFoundPage } from '@portal/ui';
import { AdminHome } from './features/staff-board/admin-home';
import { dashboardsMessages } from './messages';

// The stats page's chart library (~90 KB compressed) loads with that page, not with every dashboard; the search
// results and the response-time report load when opened too (docs/performance.md#what-keeps-the-first-screen-small).
const TicketStatsPage = lazy(() => import('./features/ticket-stats/ticket-stats-page').then((module) => ({ default: module.TicketStatsPage })));
const SearchResultsPage = lazy(() => import('./features/search-results/search-results-page').then((module) => ({ default: module.SearchResultsPage })));
const SlaReportPage = lazy(() => import('./features/sla-report/sla-report-page').then((module) => ({ default: module.SlaReportPage })));

/**
 * The shell renders these pages once the reader's language has arrived (docs/decisions/0024-message-catalogues.md): this
 * remote's texts and those of the shared widgets it shows (@portal/features).
 */
export const ready = Promise.all([dashboardsMessages.preload(), featuresMessages.preload(), hourBankMessages.preload()]);

// The shell reads a page's data ahead when a link to it is about to be followed (shell/src/features/prefetch).
export { pageReads } from './page-reads';

/** The dashboards remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  return (
    <div data-remote="dashboards" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="admins" element={<AdminHome />} />
        <Route path="admins/stats" element={<Suspense fallback={null}><TicketStatsPage /></Suspense>} />
        <Route path="admins/stats/response-times" element={<Suspense fallback={null}><SlaReportPage /></Suspense>} />
        <Route path="agents" element={<AgentPage />} />
        <Route path="agents/:agentId" element={<AgentPage />} />
        <Route path="agents/:agentId/:tab" element={<AgentPage />} />
        <Route path="clients" element={<ClientDashboardPage />} />
        <Route path="clients/:companyId" element={<ClientDashboardPage />} />
        <Route path="search" element={<Suspense fallback={null}><SearchResultsPage /></Suspense>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
