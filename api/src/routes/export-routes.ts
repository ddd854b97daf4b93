import { exportEndpoints as api } from '@portal/contract/endpoints';
import { EXPORT_MESSAGES, MESSAGES, canExportInvoices, canExportTickets, canExportTime, exportDayRange, timeExportWorker } from '@portal/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { downloadDisposition } from '../services/downloads';
import { invoiceExport, ticketExport, timeExport, type CsvExport } from '../services/exports';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';
import { timeZoneOf } from './route-helpers';

/** What the OpenAPI page shows of the answer: the file's text (streamed, never serialized). */
const CSV_ANSWER = { 200: z.string().describe('A CSV file (text/csv; charset=utf-8), streamed') };

function sendCsv(reply: FastifyReply, file: CsvExport) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', downloadDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.body);
}

/**
 * CSV exports (docs/product/integrations.md#exports): the staff ticket list under its filters, time entries of a range of
 * days and the issued invoices, each streamed from keyset pages (services/exports.ts). Reads only: nothing is audited,
 * as reading the same rows on the screens is not. No poll cache: a download is read once.
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.exportTickets,
    {
      tags: ['exports'],
      summary: 'The staff ticket list as CSV, under the list\'s filters (statuses, maintenance_only, tag), by ticket number (staff)',
      description: 'No statuses: every status the list shows (Complete and Cancelled are not listed).',
      errors: [400, 401, 403],
      otherAnswers: CSV_ANSWER,
      schema: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      authorize(request.viewer, canExportTickets);
      return sendCsv(reply, await ticketExport(serviceContext(app, request), request.query));
    },
  );

  endpointRoute(
    app,
    api.exportTime,
    {
      tags: ['exports'],
      summary: 'Time entries from one day to another (both included, in time_zone) as CSV: everyone\'s or contact_id\'s for admins, an agent\'s own (staff)',
      description: 'Billed: whether an issued invoice\'s month holds the entry; Invoice: its number.',
      errors: [400, 401, 403],
      otherAnswers: CSV_ANSWER,
      schema: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, canExportTime);
      const range = exportDayRange(request.query.from, request.query.to);
      if (!range.ok) throw new HttpError(400, EXPORT_MESSAGES.badRange);
      const worker = timeExportWorker(viewer, request.query.contact_id);
      if (worker === 'refused') throw new HttpError(403, MESSAGES.notAuthorized);
      return sendCsv(reply, timeExport(serviceContext(app, request), range, timeZoneOf(app, request.query.time_zone), worker));
    },
  );

  endpointRoute(
    app,
    api.exportInvoices,
    {
      tags: ['exports'],
      summary: 'The issued invoices as CSV, issued from one day to another when given (admins)',
      description: "Total in the agency's currency (option locale) with cents, no symbol; Status Issued or Paid.",
      errors: [400, 401, 403],
      otherAnswers: CSV_ANSWER,
      schema: { produces: ['text/csv'] },
    },
    async (request, reply) => {
      authorize(request.viewer, canExportInvoices);
      const { from, to } = request.query;
      if (from !== undefined && to !== undefined && from > to) throw new HttpError(400, EXPORT_MESSAGES.badRange);
      return sendCsv(reply, invoiceExport(serviceContext(app, request), { from, to }));
    },
  );
}
