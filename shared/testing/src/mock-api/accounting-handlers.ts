import { accountingEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, mock } from './respond';

/** The external accounting service: unconnected it answers 503; customers by name, their invoices newest first. */
export function accountingHandlers(db: PortalData) {
  const notAccounting = () => errorAnswer(503, MESSAGES.serviceNotConnected);
  return [
    mock(api.accountingStatus, () => answer(api.accountingStatus, { connected: db.accounting.connected })),
    mock(api.accountingCustomers, () => {
      if (!db.accounting.connected) return notAccounting();
      return answer(api.accountingCustomers, [...db.accounting.customers].sort((a, b) => a.name.localeCompare(b.name)));
    }),
    mock(api.accountingCustomerInvoices, ({ params }) => {
      if (!db.accounting.connected) return notAccounting();
      const list = db.accounting.invoices[String(params.customerId)] ?? [];
      return answer(api.accountingCustomerInvoices, [...list].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate)));
    }),
  ];
}
