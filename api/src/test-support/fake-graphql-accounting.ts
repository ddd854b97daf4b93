import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buildSchema, graphql } from 'graphql';

// A Wave-like accounting service for tests: a real GraphQL server (graphql-js) on a random loopback
// port, recording what each request carried, with the failures the API must survive.

const schema = buildSchema(`
  enum CustomerSort { NAME_ASC NAME_DESC }
  enum InvoiceSort { INVOICE_DATE_ASC INVOICE_DATE_DESC }
  type Money { value: String! }
  type Product { name: String! }
  type InvoiceItem { product: Product description: String total: Money! }
  type Invoice { id: ID! invoiceDate: String! invoiceNumber: String! items: [InvoiceItem!]! amountDue: Money! amountPaid: Money! }
  type Customer { id: ID! name: String! firstName: String lastName: String email: String outstandingAmount: Money! }
  type CustomerEdge { node: Customer! }
  type CustomerConnection { edges: [CustomerEdge!]! }
  type InvoiceEdge { node: Invoice! }
  type InvoiceConnection { edges: [InvoiceEdge!]! }
  type Business {
    id: ID!
    name: String!
    customers(page: Int = 1, pageSize: Int = 10, sort: [CustomerSort!] = []): CustomerConnection!
    invoices(page: Int = 1, pageSize: Int = 10, sort: [InvoiceSort!] = [], customerId: ID): InvoiceConnection!
  }
  type BusinessEdge { node: Business! }
  type BusinessConnection { edges: [BusinessEdge!]! }
  type Query {
    business(id: ID!): Business
    businesses(page: Int = 1, pageSize: Int = 10): BusinessConnection!
  }
`);

export interface FakeCustomer { id: string; name: string; firstName: string | null; lastName: string | null; email: string | null; outstanding: string }
export interface FakeInvoice { id: string; customerId: string; invoiceDate: string; invoiceNumber: string; due: string; paid: string }

export interface FakeAccounting {
  url: string;
  /** Every request: its bearer header, the operation's variables and the field arguments seen. */
  requests: { authorization: string | undefined; query: string; variables: Record<string, unknown> }[];
  args: { field: string; args: Record<string, unknown> }[];
  /** 'http': answers 500; 'graphql': a resolver throws (a GraphQL `errors` answer). */
  failing: 'http' | 'graphql' | null;
  /** Answers invoices in insertion order, ignoring the sort (the API sorts again). */
  ignoreSort: boolean;
  close(): Promise<void>;
}

export async function startFakeAccounting(data: { businessId: string; customers: FakeCustomer[]; invoices: FakeInvoice[] }): Promise<FakeAccounting> {
  const fake = { requests: [], args: [], failing: null, ignoreSort: false } as unknown as FakeAccounting;
  const money = (value: string) => ({ value });
  const seen = (field: string, args: Record<string, unknown>) => {
    fake.args.push({ field, args });
    if (fake.failing === 'graphql') throw new Error('Business not authorised');
  };
  const business = {
    id: data.businessId,
    name: 'Web Agency',
    customers(args: { sort: string[] }) {
      seen('customers', args);
      const sorted = [...data.customers].sort((a, b) => a.name.localeCompare(b.name) * (args.sort.includes('NAME_DESC') ? -1 : 1));
      return { edges: sorted.map((c) => ({ node: { ...c, outstandingAmount: money(c.outstanding) } })) };
    },
    invoices(args: { sort: string[]; customerId?: string }) {
      seen('invoices', args);
      let list = data.invoices.filter((invoice) => !args.customerId || invoice.customerId === args.customerId);
      if (!fake.ignoreSort && args.sort.includes('INVOICE_DATE_DESC')) list = [...list].sort((a, b) => b.invoiceDate.localeCompare(a.invoiceDate));
      return {
        edges: list.map((invoice) => ({
          node: {
            ...invoice, amountDue: money(invoice.due), amountPaid: money(invoice.paid),
            items: [{ product: { name: 'Support' }, description: `Work ${invoice.invoiceNumber}`, total: money(invoice.due) }],
          },
        })),
      };
    },
  };
  const rootValue = {
    business: (args: { id: string }) => (seen('business', args), args.id === data.businessId ? business : null),
    businesses: (args: Record<string, unknown>) => (seen('businesses', args), { edges: [{ node: business }] }),
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', async () => {
      const { query, variables } = JSON.parse(raw || '{}') as { query: string; variables: Record<string, unknown> };
      fake.requests.push({ authorization: request.headers.authorization, query, variables });
      if (fake.failing === 'http') return void response.writeHead(500).end('upstream exploded: secret stack');
      const result = await graphql({ schema, source: query, rootValue, variableValues: variables });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql/public`;
  fake.close = async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return fake;
}
