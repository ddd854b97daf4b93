import useSWR from 'swr';
import type { AiInvoiceSummaryRequest, AiStatus, AiTasksRequest } from '@portal/contract';
import { aiEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const aiStatusKey = pathOf(api.aiStatus);

export interface AiApi {
  status(): Promise<AiStatus>;
  /** A task list drafted from the ticket's title and description (never saved by this call). */
  tasks(input: AiTasksRequest): Promise<string[]>;
  /** The 40-word invoice message of a company's month (admins; never saved by this call). 503 when not connected. */
  invoiceSummary(input: AiInvoiceSummaryRequest): Promise<string>;
}

export function createAiApi(http: Http): AiApi {
  return {
    status: () => http(api.aiStatus),
    tasks: async (input) => (await http(api.aiTasks, { body: input })).tasks,
    invoiceSummary: async (input) => (await http(api.aiInvoiceSummary, { body: input })).summary,
  };
}

/** Which AI helpers the server has connected; the UI disables the others and says why. */
export function useAiStatus() {
  const client = useApiClient();
  return useSWR(aiStatusKey, () => client.ai.status(), { revalidateOnFocus: false, shouldRetryOnError: false });
}
