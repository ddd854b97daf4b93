import { invoiceEndpoints as api } from '@portal/contract/endpoints';
import { canIssueInvoice, canMarkInvoicePaid, canReadCompanyInvoices, canViewBilling, invoiceChange } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import { companyInvoice, companyMonth, invoiceMonth as monthOfInvoices, issueInvoice, monthBack, setInvoiceStatus } from '../services/invoices';
import { timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

// Invoices: the admin invoices screen's month (every company, or one company's draft), issuing a
// month, and the issued invoices a company's primary contacts open from their dashboard. The month
// is `offset` calendar months back (0 = this month) in the caller's time zone.
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.invoiceMonth,
    {
      tags: ['invoices'],
      summary: 'Every company with time in the month, by name, with its total and its issued invoice; the month total (admins)',
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      const ctx = serviceContext(app, request);
      return monthOfInvoices(ctx, monthBack(ctx, request.params.offset, timeZoneOf(app, request.query.time_zone)));
    },
  );

  endpointRoute(
    app,
    api.invoiceDraft,
    {
      tags: ['invoices'],
      summary: "A company's month before it is issued: its items, totals at each rate, estimates, and the issued invoice if any (admins)",
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      const ctx = serviceContext(app, request);
      const period = monthBack(ctx, request.params.offset, timeZoneOf(app, request.query.time_zone));
      return (await companyMonth(ctx, request.params.id, period)).draft;
    },
  );

  endpointRoute(
    app,
    api.issueInvoice,
    {
      tags: ['invoices'],
      summary: "Issue a company's month: items, rates, summary and totals frozen; a mail to each primary contact (admins)",
      description: 'Once per company and month (409). No time in the month or a month not started: 400. A missing company: 404.',
      errors: [400, 401, 403, 404, 409],
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canIssueInvoice);
      const body = { ...request.body, time_zone: timeZoneOf(app, request.body.time_zone) };
      const { result, changes } = await issueInvoice(serviceContext(app, request), viewer, request.params.id, body, auditActor(request));
      await app.events.publish(...changes, invoiceChange(result, app.config.clock()));
      return reply.code(201).send(result);
    },
  );

  endpointRoute(
    app,
    api.companyInvoices,
    {
      tags: ['invoices'],
      summary: "A company's issued invoices, newest month first (admins and the company's primary contacts)",
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, (viewer) => canReadCompanyInvoices(viewer, request.params.id));
      return repos.invoices.listForCompany(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.deletedCompanyInvoices,
    {
      tags: ['invoices'],
      summary: "The issued invoices of companies that were deleted, newest month first (admins; docs/product/time-and-billing.md#deleted-companies)",
      errors: [401, 403],
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      return repos.invoices.listForDeletedCompanies();
    },
  );

  endpointRoute(
    app,
    api.invoice,
    {
      tags: ['invoices'],
      summary: 'An issued invoice as it was frozen (admins and the company\'s primary contacts)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const { id, invoiceId } = request.params;
      authorize(request.viewer, (viewer) => canReadCompanyInvoices(viewer, id));
      return companyInvoice(serviceContext(app, request), id, invoiceId);
    },
  );

  endpointRoute(
    app,
    api.updateInvoice,
    {
      tags: ['invoices'],
      summary: 'Mark an invoice paid, or back to issued (admins)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      authorize(request.viewer, canMarkInvoicePaid);
      const { id, invoiceId } = request.params;
      const { result, changes } = await setInvoiceStatus(serviceContext(app, request), auditActor(request), id, invoiceId, request.body.status);
      await app.events.publish(...changes, invoiceChange(result, app.config.clock()));
      return result;
    },
  );
}
