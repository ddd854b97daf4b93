import { z } from 'zod';

/** A customer of the external accounting service (docs/product/time-and-billing.md#accounting-service), as its GraphQL answer carries it. */
export const accountingCustomer = z.object({
  id: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  outstandingAmount: z.object({ value: z.string() }),
});
export type AccountingCustomer = z.infer<typeof accountingCustomer>;

/** GET /accounting/customers (admins): business customers by name ascending, one page of 300. */
export const accountingCustomerList = z.array(accountingCustomer);

export const accountingInvoiceItem = z.object({
  product: z.object({ name: z.string() }).nullable(),
  description: z.string().nullable(),
  total: z.object({ value: z.string() }),
});

/** An invoice of the external accounting service (docs/product/time-and-billing.md#accounting-service). */
export const accountingInvoice = z.object({
  id: z.string(),
  invoiceDate: z.string(),
  invoiceNumber: z.string(),
  items: z.array(accountingInvoiceItem),
  amountDue: z.object({ value: z.string() }),
  amountPaid: z.object({ value: z.string() }),
});
export type AccountingInvoice = z.infer<typeof accountingInvoice>;

/** GET /accounting/customers/:customerId/invoices (admins): by invoice date descending. */
export const accountingInvoiceList = z.array(accountingInvoice);

export const accountingCustomerParams = z.object({ customerId: z.string().min(1).max(200) });

/** GET /accounting/status: whether ACCOUNTING_URL and ACCOUNTING_TOKEN are set. */
export const accountingStatus = z.object({ connected: z.boolean() });
