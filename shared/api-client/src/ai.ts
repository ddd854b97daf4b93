import useSWR from 'swr';
import type { AiInvoiceSummaryRequest, AiStatus, AiTasksRequest } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const aiStatusKey = '/ai/status';

export interface AiApi {
  status(): Promise<AiStatus>;
  /** A task list drafted from the ticket's title and description (never saved by this call). */
  tasks(input: AiTasksRequest): Promise<string[]>;
  /** The 40-word invoice message of a company's month (admins; never saved by this call). 503 when not connected. */
  invoiceSummary(input: AiInvoiceSummaryRequest): Promise<string>;
}

export function createAiApi(http: Http): AiApi {
  return {
    status: () => http('GET', aiStatusKey, (c) => c.aiStatus),
    tasks: async (input) => (await http('POST', '/ai/tasks', (c) => c.aiTasksAnswer, { body: input })).tasks,
    invoiceSummary: async (input) => (await http('POST', '/ai/invoice-summary', (c) => c.aiInvoiceSummaryAnswer, { body: input })).summary,
  };
}

/** Which AI helpers the server has connected; the UI disables the others and says why. */
export function useAiStatus() {
  const client = useApiClient();
  return useSWR(aiStatusKey, () => client.ai.status(), { revalidateOnFocus: false, shouldRetryOnError: false });
}
