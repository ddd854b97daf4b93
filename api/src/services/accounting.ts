import { accountingCustomerList, accountingInvoiceList, type AccountingCustomer, type AccountingInvoice } from '@portal/contract';
import { z } from 'zod';
import type { AccountingConfig } from '../config';

// The external accounting service (docs/product/time-and-billing.md#accounting-service): a Wave-style
// GraphQL API, called from the server with the bearer token of ACCOUNTING_TOKEN, which never reaches
// the browser (docs/decisions/0005-ai-and-accounting-on-the-server.md).

/** Customer page size 300 (docs/product/time-and-billing.md#accounting-service). */
export const ACCOUNTING_PAGE_SIZE = 300;

export type AccountingFailure = 'unconfigured' | 'failed';

export class AccountingServiceError extends Error {
  constructor(readonly failure: AccountingFailure, detail: string = failure) {
    super(`Accounting service: ${detail}`);
    this.name = 'AccountingServiceError';
  }
}

export function accountingConfigured(config: AccountingConfig): boolean {
  return !!config.url && !!config.token;
}

const BUSINESSES_QUERY = `query Businesses($page: Int!, $pageSize: Int!) {
  businesses(page: $page, pageSize: $pageSize) { edges { node { id name } } }
}`;

const CUSTOMERS_QUERY = `query Customers($businessId: ID!, $page: Int!, $pageSize: Int!) {
  business(id: $businessId) {
    id
    customers(page: $page, pageSize: $pageSize, sort: [NAME_ASC]) {
      edges { node { id name firstName lastName email outstandingAmount { value } } }
    }
  }
}`;

const INVOICES_QUERY = `query CustomerInvoices($businessId: ID!, $customerId: ID!, $page: Int!, $pageSize: Int!) {
  business(id: $businessId) {
    id
    invoices(page: $page, pageSize: $pageSize, sort: [INVOICE_DATE_DESC], customerId: $customerId) {
      edges { node { id invoiceDate invoiceNumber items { product { name } description total { value } } amountDue { value } amountPaid { value } } }
    }
  }
}`;

const edgesOf = <T extends z.ZodType>(node: T) => z.object({ edges: z.array(z.object({ node })) });
const businessesAnswer = z.object({ businesses: edgesOf(z.object({ id: z.string(), name: z.string() })) });
const customersAnswer = z.object({ business: z.object({ customers: edgesOf(z.unknown()) }) });
const invoicesAnswer = z.object({ business: z.object({ invoices: edgesOf(z.unknown()) }) });

export interface AccountingService {
  configured(): boolean;
  customers(): Promise<AccountingCustomer[]>;
  customerInvoices(customerId: string): Promise<AccountingInvoice[]>;
}

export function createAccountingService(config: AccountingConfig): AccountingService {
  let businessId: Promise<string> | null = config.businessId ? Promise.resolve(config.businessId) : null;

  async function query<T extends z.ZodType>(source: string, variables: Record<string, unknown>, answer: T): Promise<z.infer<T>> {
    if (!accountingConfigured(config)) throw new AccountingServiceError('unconfigured');
    let payload: unknown;
    try {
      const response = await fetch(config.url!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${config.token}` },
        body: JSON.stringify({ query: source, variables }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new AccountingServiceError('failed', `HTTP ${response.status}`);
      }
      payload = await response.json();
    } catch (error) {
      if (error instanceof AccountingServiceError) throw error;
      throw new AccountingServiceError('failed', error instanceof Error ? error.message : 'no answer');
    }
    const { data, errors } = (payload ?? {}) as { data?: unknown; errors?: unknown };
    if (Array.isArray(errors) && errors.length > 0) throw new AccountingServiceError('failed', 'GraphQL errors');
    const parsed = answer.safeParse(data);
    if (!parsed.success) throw new AccountingServiceError('failed', 'unexpected answer');
    return parsed.data;
  }

  /** ACCOUNTING_BUSINESS_ID, or the first business the token sees (looked up once, then kept). */
  function business(): Promise<string> {
    businessId ??= query(BUSINESSES_QUERY, { page: 1, pageSize: ACCOUNTING_PAGE_SIZE }, businessesAnswer).then((data) => {
      const first = data.businesses.edges[0]?.node.id;
      if (!first) throw new AccountingServiceError('failed', 'no business');
      return first;
    });
    // A failed look-up is not kept: the next call asks again.
    businessId.catch(() => { businessId = config.businessId ? Promise.resolve(config.businessId) : null; });
    return businessId;
  }

  function nodes<T extends z.ZodType>(edges: { node: unknown }[], list: T): z.infer<T> {
    const parsed = list.safeParse(edges.map((edge) => edge.node));
    if (!parsed.success) throw new AccountingServiceError('failed', 'unexpected answer');
    return parsed.data;
  }

  return {
    configured: () => accountingConfigured(config),

    /** The business's customers by name ascending, one page of 300. */
    async customers() {
      const data = await query(CUSTOMERS_QUERY, { businessId: await business(), page: 1, pageSize: ACCOUNTING_PAGE_SIZE }, customersAnswer);
      return nodes(data.business.customers.edges, accountingCustomerList);
    },

    /** A customer's invoices, newest invoice date first (sorted again here, whatever the service did). */
    async customerInvoices(customerId: string) {
      const variables = { businessId: await business(), customerId, page: 1, pageSize: ACCOUNTING_PAGE_SIZE };
      const data = await query(INVOICES_QUERY, variables, invoicesAnswer);
      const invoices = nodes(data.business.invoices.edges, accountingInvoiceList);
      return invoices.sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate) || b.invoiceNumber.localeCompare(a.invoiceNumber));
    },
  };
}
