import { http } from 'msw';
import { aiInvoiceSummaryAnswer, aiInvoiceSummaryRequest, aiStatus, aiTasksAnswer, aiTasksRequest } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiRoute, errorAnswer, readBody, reply } from './respond';

/** The AI helpers: which are connected, a ticket's task list and an invoice's summary, from `db.ai`. */
export function aiHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/ai/status'), () => reply(aiStatus, { tasks: db.ai.connected, invoice_summary: db.ai.invoiceSummary !== undefined })),
    http.post(apiRoute('/ai/tasks'), async ({ request }) => {
      const read = await readBody(request, aiTasksRequest);
      return read.ok ? reply(aiTasksAnswer, { tasks: db.ai.tasks }) : read.answer;
    }),
    http.post(apiRoute('/ai/invoice-summary'), async ({ request }) => {
      const read = await readBody(request, aiInvoiceSummaryRequest);
      if (!read.ok) return read.answer;
      if (db.ai.invoiceSummary === undefined) return errorAnswer(503, MESSAGES.serviceNotConnected);
      return reply(aiInvoiceSummaryAnswer, { summary: db.ai.invoiceSummary });
    }),
  ];
}
