import { Route, Routes } from 'react-router-dom';
import { NotFoundPage } from '@portal/ui';
import { AccountingBlock } from './features/accounting/accounting-block';
import { AdminInvoicesPage } from './features/admin-invoices/admin-invoices-page';
import { AdminStatementsPage } from './features/admin-statements/admin-statements-page';
import { AgreementPage } from './features/agreement/agreement-page';
import { ClientInvoicesPage } from './features/client-invoices/client-invoices-page';
import { ClientStatementsPage } from './features/client-statements/client-statements-page';
import { InvoiceHomePage } from './features/invoice-home/invoice-home-page';
import { InvoiceViewPage } from './features/invoice-view/invoice-view-page';
import { StatementViewPage } from './features/statement-view/statement-view-page';
import { billingMessages } from './messages';

// The shell reads a page's data ahead when a link to it is about to be followed (shell/src/features/prefetch).
export { pageReads } from './page-reads';

/** The shell renders these pages once the reader's language has arrived (docs/decisions/0024-message-catalogues.md). */
export const ready = billingMessages.preload();

/** The billing remote's pages, mounted by the shell under a splat route (paths from the site root). */
export function RemoteRoutes() {
  const adminInvoices = <AdminInvoicesPage accounting={<AccountingBlock />} />;
  return (
    <div data-remote="billing" data-remote-version={process.env.REMOTE_VERSION ?? 'dev'}>
      <Routes>
        <Route path="admins/invoices" element={adminInvoices} />
        <Route path="admins/invoices/:offset" element={adminInvoices} />
        <Route path="clients/:clientId/invoices" element={<ClientInvoicesPage />} />
        <Route path="clients/:clientId/invoices/:invoiceId" element={<InvoiceViewPage />} />
        <Route path="admins/statements" element={<AdminStatementsPage />} />
        <Route path="admins/statements/:month" element={<AdminStatementsPage />} />
        <Route path="clients/:clientId/statements" element={<ClientStatementsPage />} />
        <Route path="clients/:clientId/statements/:month" element={<StatementViewPage />} />
        <Route path="agreement" element={<AgreementPage />} />
        <Route path="invoice" element={<InvoiceHomePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </div>
  );
}
