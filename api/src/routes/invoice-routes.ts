import {
  companyMonthParams, idParam, invoice, invoiceDraft, invoiceIssue, invoiceList, invoiceMonth, invoiceParams, invoiceUpdate, monthOffsetParam,
  timeZoneQuery,
} from '@portal/contract';
import { canIssueInvoice, canMarkInvoicePaid, canReadCompanyInvoices, canViewBilling } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorize } from '../policy';
import { auditActor, auditedChange, recorded } from '../services/audit';
import { companyInvoice, companyMonth, invoiceMonth as monthOfInvoices, issueInvoice, monthBack } from '../services/invoices';
import { errorResponses, timeZoneOf } from './route-helpers';

// Invoices: the admin invoices screen's month (every company, or one company's draft), issuing a
// month, and the issued invoices a company's primary contacts open from their dashboard. The month
// is `offset` calendar months back (0 = this month) in the caller's time zone.
export async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/company/-1/invoiceitems/:offset',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Every company with time in the month, by name, with its total and its issued invoice; the month total (admins)',
        params: monthOffsetParam,
        querystring: timeZoneQuery,
        response: { 200: invoiceMonth, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      return monthOfInvoices(app, monthBack(app, request.params.offset, timeZoneOf(app, request.query.time_zone)));
    },
  );

  routes.get(
    '/company/:id/invoiceitems/:offset',
    {
      schema: {
        tags: ['invoices'],
        summary: "A company's month before it is issued: its items, totals at each rate, estimates, and the issued invoice if any (admins)",
        params: companyMonthParams,
        querystring: timeZoneQuery,
        response: { 200: invoiceDraft, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      const period = monthBack(app, request.params.offset, timeZoneOf(app, request.query.time_zone));
      return (await companyMonth(app, request.params.id, period)).draft;
    },
  );

  routes.post(
    '/company/:id/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: "Issue a company's month: items, rates, summary and totals frozen; a mail to each primary contact (admins)",
        description: 'Once per company and month (409). No time in the month or a month not started: 400. A missing company: 404.',
        params: idParam,
        body: invoiceIssue,
        response: { 201: invoice, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canIssueInvoice);
      const body = { ...request.body, time_zone: timeZoneOf(app, request.body.time_zone) };
      return reply.code(201).send(await issueInvoice(app, viewer, request.params.id, body, auditActor(request)));
    },
  );

  routes.get(
    '/company/:id/invoices',
    {
      schema: {
        tags: ['invoices'],
        summary: "A company's issued invoices, newest month first (admins and the company's primary contacts)",
        params: idParam,
        response: { 200: invoiceList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(request.viewer, (viewer) => canReadCompanyInvoices(viewer, request.params.id));
      return repos.invoices.listForCompany(request.params.id);
    },
  );

  routes.get(
    '/company/:id/invoices/:invoiceId',
    {
      schema: {
        tags: ['invoices'],
        summary: 'An issued invoice as it was frozen (admins and the company\'s primary contacts)',
        params: invoiceParams,
        response: { 200: invoice, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id, invoiceId } = request.params;
      authorize(request.viewer, (viewer) => canReadCompanyInvoices(viewer, id));
      return companyInvoice(app, id, invoiceId);
    },
  );

  routes.put(
    '/company/:id/invoices/:invoiceId',
    {
      schema: {
        tags: ['invoices'],
        summary: 'Mark an invoice paid, or back to issued (admins)',
        params: invoiceParams,
        body: invoiceUpdate,
        response: { 200: invoice, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(request.viewer, canMarkInvoicePaid);
      const { id, invoiceId } = request.params;
      const current = await companyInvoice(app, id, invoiceId);
      const paidAt = request.body.status === 'paid' ? current.paid_at ?? app.config.clock().toISOString() : null;
      const audit = auditedChange(auditActor(request), 'invoice.updated', { entityId: invoiceId, companyId: id, subject: current.number }, current, {
        status: request.body.status, paid_at: paidAt,
      });
      await repos.invoices.setStatus(id, invoiceId, request.body.status, paidAt, recorded(audit));
      return companyInvoice(app, id, invoiceId);
    },
  );
}
