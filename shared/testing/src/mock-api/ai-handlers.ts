import { aiEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, mock, readBody } from './respond';

/** The AI helpers: which are connected, a ticket's task list and an invoice's summary, from `db.ai`. */
export function aiHandlers(db: PortalData) {
  return [
    mock(api.aiStatus, () => answer(api.aiStatus, { tasks: db.ai.connected, invoice_summary: db.ai.invoiceSummary !== undefined })),
    mock(api.aiTasks, async ({ request }) => {
      const read = await readBody(request, api.aiTasks);
      return read.ok ? answer(api.aiTasks, { tasks: db.ai.tasks }) : read.answer;
    }),
    mock(api.aiInvoiceSummary, async ({ request }) => {
      const read = await readBody(request, api.aiInvoiceSummary);
      if (!read.ok) return read.answer;
      if (db.ai.invoiceSummary === undefined) return errorAnswer(503, MESSAGES.serviceNotConnected);
      return answer(api.aiInvoiceSummary, { summary: db.ai.invoiceSummary });
    }),
  ];
}
