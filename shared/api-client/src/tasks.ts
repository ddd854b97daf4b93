import useSWR, { useSWRConfig } from 'swr';
import type { Task, TaskUpdate } from '@portal/contract';
import { pathOf, taskEndpoints as api } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';
import { useRefreshAfter } from './refresh-after';

export const tasksKey = (ticketId: number) => pathOf(api.tasks, { id: ticketId });

/** The task list refreshes every second (docs/product/tickets.md#refresh). */
export const TASKS_POLL_MS = 1000;

export interface TasksApi {
  list(ticketId: number): Promise<Task[]>;
  create(ticketId: number, instruction: string): Promise<Task>;
  update(ticketId: number, taskId: number, changes: TaskUpdate): Promise<Task>;
  remove(ticketId: number, taskId: number): Promise<void>;
}

export function createTasksApi(http: Http): TasksApi {
  return {
    list: (ticketId) => http(api.tasks, { params: { id: ticketId } }),
    create: (ticketId, instruction) => http(api.createTask, { params: { id: ticketId }, body: { ticket_id: ticketId, instruction } }),
    update: (ticketId, taskId, changes) => http(api.updateTask, { params: { id: ticketId, task_id: taskId }, body: changes }),
    remove: async (ticketId, taskId) => {
      await http(api.deleteTask, { params: { id: ticketId, task_id: taskId } });
    },
  };
}

export function useTicketTasks(ticketId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? tasksKey(ticketId) : null, () => client.tasks.list(ticketId as number), {
    refreshInterval: pollInterval(TASKS_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

/** Task changes; each revalidates the list, also when it fails (the list then shows what is stored). */
export function useTaskMutations(ticketId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(tasksKey(ticketId));
  const thenRefresh = useRefreshAfter(tasksKey(ticketId));
  return {
    add: (instruction: string) => thenRefresh(client.tasks.create(ticketId, instruction)),
    /** Several at once (the AI task list), in order. */
    async addMany(instructions: readonly string[]) {
      const created: Task[] = [];
      try {
        for (const instruction of instructions) created.push(await client.tasks.create(ticketId, instruction));
      } finally {
        await refresh();
      }
      return created;
    },
    setDone: (taskId: number, done: boolean) =>
      thenRefresh(client.tasks.update(ticketId, taskId, { date_completed: done ? new Date().toISOString() : null })),
    rename: (taskId: number, instruction: string) => thenRefresh(client.tasks.update(ticketId, taskId, { instruction })),
    remove: (taskId: number) => thenRefresh(client.tasks.remove(ticketId, taskId)),
  };
}
