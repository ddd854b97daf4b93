import type { EndpointTable } from './endpoint';

/** The AI helpers (docs/product/tickets.md, docs/product/time-and-billing.md#invoice-summary): what is connected, a task list, an invoice message. */
export const aiEndpoints = {
  aiStatus: { method: 'GET', path: '/ai/status', answer: 'aiStatus' },
  aiTasks: { method: 'POST', path: '/ai/tasks', body: 'aiTasksRequest', answer: 'aiTasksAnswer' },
  aiInvoiceSummary: { method: 'POST', path: '/ai/invoice-summary', body: 'aiInvoiceSummaryRequest', answer: 'aiInvoiceSummaryAnswer' },
} as const satisfies EndpointTable;
