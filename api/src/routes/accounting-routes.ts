import { accountingEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canUseAccounting } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { AccountingServiceError, createAccountingService } from '../services/accounting';
import { endpointRoute } from './endpoint-route';

/** Unconfigured: 503 'not connected'; the service failing or answering errors: 502. */
async function answering<T>(log: FastifyBaseLogger, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AccountingServiceError)) throw error;
    if (error.failure === 'unconfigured') throw new HttpError(503, MESSAGES.serviceNotConnected);
    log.warn({ err: error }, 'accounting service failed');
    throw new HttpError(502, MESSAGES.accountingServiceFailed);
  }
}

// The external accounting service's customers and their invoices, for the admin invoices screen
// (docs/product/time-and-billing.md#accounting-service). Admins only; the token stays on the server.
export async function accountingRoutes(app: FastifyInstance): Promise<void> {
  const accounting = createAccountingService(app.config.accounting);

  endpointRoute(
    app,
    api.accountingStatus,
    {
      tags: ['accounting'],
      summary: 'Whether the accounting service is configured (ACCOUNTING_URL and ACCOUNTING_TOKEN) (admins)',
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canUseAccounting);
      return { connected: accounting.configured() };
    },
  );

  endpointRoute(
    app,
    api.accountingCustomers,
    {
      tags: ['accounting'],
      summary: "The business's customers by name ascending, one page of 300 (admins)",
      errors: [401, 403, 502, 503],
    },
    async (request) => {
      authorize(request.viewer, canUseAccounting);
      return answering(request.log, () => accounting.customers());
    },
  );

  endpointRoute(
    app,
    api.accountingCustomerInvoices,
    {
      tags: ['accounting'],
      summary: "A customer's invoices, newest invoice date first, with amount due and paid (admins)",
      errors: [400, 401, 403, 502, 503],
    },
    async (request) => {
      authorize(request.viewer, canUseAccounting);
      return answering(request.log, () => accounting.customerInvoices(request.params.customerId));
    },
  );
}
