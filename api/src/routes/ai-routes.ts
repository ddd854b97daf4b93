import { aiEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canIssueInvoice, canUseAiTasks, monthLabel } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { AiServiceError, aiConfigured, type AiFailure } from '../services/ai-chat';
import { generateInvoiceSummary, invoiceWorkText } from '../services/ai-invoice-summary';
import { generateTaskList } from '../services/ai-tasks';
import { companyMonth, monthBack } from '../services/invoices';
import { timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

type FailureAnswers = Record<AiFailure, readonly [number, string]>;

const FAILURE_ANSWERS: FailureAnswers = {
  unconfigured: [503, MESSAGES.serviceNotConnected],
  busy: [503, MESSAGES.aiServiceBusy],
  failed: [502, MESSAGES.aiServiceFailed],
  format: [502, MESSAGES.invalidTaskListFormat],
};
const SUMMARY_FAILURE_ANSWERS: FailureAnswers = { ...FAILURE_ANSWERS, format: [502, MESSAGES.invalidInvoiceSummary] };

/** Runs an AI helper, turning its failure into the catalogue's answer. */
async function answering<T>(log: FastifyBaseLogger, answers: FailureAnswers, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AiServiceError)) throw error;
    const [status, message] = answers[error.failure];
    log.warn({ failure: error.failure }, `${what} failed`);
    throw new HttpError(status, message);
  }
}

export async function aiRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;

  endpointRoute(
    app,
    api.aiStatus,
    {
      tags: ['ai'],
      summary: 'Which AI helpers are connected (the UI disables what is not)',
      errors: [401],
    },
    async (request) => {
      requireViewer(request.viewer);
      const connected = aiConfigured(config.ai);
      return { tasks: connected, invoice_summary: connected };
    },
  );

  endpointRoute(
    app,
    api.aiTasks,
    {
      tags: ['ai'],
      summary: 'Suggest a task list for a ticket from its title and description (staff)',
      errors: [400, 401, 403, 502, 503],
    },
    async (request) => {
      authorize(request.viewer, canUseAiTasks);
      return { tasks: await answering(request.log, FAILURE_ANSWERS, 'AI task list', () => generateTaskList(config.ai, request.body)) };
    },
  );

  endpointRoute(
    app,
    api.aiInvoiceSummary,
    {
      tags: ['ai'],
      summary: "The 40-word invoice message (docs/product/time-and-billing.md#invoice-summary) from a company's month of work, `offset` months back (admins)",
      description: 'AI_INVOICE_MODEL, 150 tokens, up to 3 retries on 429. Unconfigured: 503; no time in the month: 400; the service failing: 502.',
      errors: [400, 401, 403, 404, 502, 503],
    },
    async (request) => {
      authorize(request.viewer, canIssueInvoice);
      if (!aiConfigured(config.ai)) throw new HttpError(503, MESSAGES.serviceNotConnected);
      const { company_id: companyId, offset, time_zone: zone } = request.body;
      const ctx = serviceContext(app, request);
      const period = monthBack(ctx, offset, timeZoneOf(app, zone));
      const { draft, lines } = await companyMonth(ctx, companyId, period);
      if (lines.length === 0) throw new HttpError(400, MESSAGES.invoiceNothingToBill);
      const work = invoiceWorkText(draft.company_name, monthLabel(period.month), lines);
      return { summary: await answering(request.log, SUMMARY_FAILURE_ANSWERS, 'AI invoice summary', () => generateInvoiceSummary(config.ai, work)) };
    },
  );
}
