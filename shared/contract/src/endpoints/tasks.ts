import type { EndpointTable } from './endpoint';

/** A ticket's tasks (docs/product/tickets.md). */
export const taskEndpoints = {
  tasks: { method: 'GET', path: '/ticket/:id/tasks', params: 'idParam', answer: 'task', many: true },
  createTask: { method: 'POST', path: '/ticket/:id/tasks', params: 'idParam', body: 'taskCreate', answer: 'task', status: 201 },
  updateTask: { method: 'PUT', path: '/ticket/:id/tasks/:task_id', params: 'taskParams', body: 'taskUpdate', answer: 'task' },
  deleteTask: { method: 'DELETE', path: '/ticket/:id/tasks/:task_id', params: 'taskParams', answer: 'deletedAnswer' },
} as const satisfies EndpointTable;
