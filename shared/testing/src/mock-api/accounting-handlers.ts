import { http } from 'msw';
import { accountingCustomerList, accountingInvoiceList, accountingStatus } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiRoute, errorAnswer, reply } from './respond';

/** The external accounting service: unconnected it answers 503; customers by name, their invoices newest first. */
export function accountingHandlers(db: PortalData) {
  const notAccounting = () => errorAnswer(503, MESSAGES.serviceNotConnected);
  return [
    http.get(apiRoute('/accounting/status'), () => reply(accountingStatus, { connected: db.accounting.connected })),
    http.get(apiRoute('/accounting/customers'), () => {
      if (!db.accounting.connected) return notAccounting();
      return reply(accountingCustomerList, [...db.accounting.customers].sort((a, b) => a.name.localeCompare(b.name)));
    }),
    http.get(apiRoute('/accounting/customers/:customerId/invoices'), ({ params }) => {
      if (!db.accounting.connected) return notAccounting();
      const list = db.accounting.invoices[String(params.customerId)] ?? [];
      return reply(accountingInvoiceList, [...list].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate)));
    }),
  ];
}
