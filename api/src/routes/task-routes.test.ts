import type { DemoCookies, TestApp } from '../test-support/test-app';
import { openWorkTicket, type WorkTicket } from '../test-support/work-ticket';

let t: TestApp, call: WorkTicket['call'], cookies: DemoCookies, acme: number, ticketId: number;
beforeAll(async () => ({ t, call, cookies, acme, ticketId } = await openWorkTicket()));
afterAll(() => t.close());

describe('tasks', () => {
  test('staff add, tick off, untick, reword and delete tasks; every viewer reads them in order', async () => {
    const a = (await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { ticket_id: ticketId, instruction: 'First' })).json();
    const b = (await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.admin, { instruction: 'Second' })).json();
    expect(b.sort_order).toBe(a.sort_order + 1);
    const done = await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { ...a, date_completed: '2030-01-02T03:04:05Z' });
    expect(done.json().date_completed).toBe('2030-01-02T03:04:05.000Z');
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { date_completed: 'null' })).json().date_completed).toBeNull();
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${a.task_id}`, cookies.agent, { instruction: 'First, reworded' })).json().instruction).toBe('First, reworded');
    const list = (await call('GET', `/api/ticket/${ticketId}/tasks`, cookies.client)).json();
    expect(list.map((task: { instruction: string }) => task.instruction)).toEqual(['First, reworded', 'Second']);
    expect((await call('DELETE', `/api/ticket/${ticketId}/tasks/${b.task_id}`, cookies.agent)).json()).toEqual({ deleted: 1 });
  });

  test('clients cannot write tasks; bad input and foreign task ids are refused', async () => {
    const [task] = await t.app.repos.tasks.create(t.app.db, ticketId, ['Keep me']);
    expect((await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.client, { instruction: 'Mine' })).statusCode).toBe(403);
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.client, { date_completed: t.app.config.clock().toISOString() })).statusCode).toBe(403);
    expect((await call('DELETE', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.client)).statusCode).toBe(403);
    expect((await call('POST', `/api/ticket/${ticketId}/tasks`, cookies.agent, { instruction: ' ' })).statusCode).toBe(400);
    expect((await call('PUT', `/api/ticket/${ticketId}/tasks/${task!.task_id}`, cookies.agent, { date_completed: 'someday' })).statusCode).toBe(400);
    const other = (await t.app.repos.tickets.listForCompany(acme)).find((x) => x.ticket_id !== ticketId)!.ticket_id;
    expect((await call('DELETE', `/api/ticket/${other}/tasks/${task!.task_id}`, cookies.agent)).statusCode).toBe(404);
    expect(await t.app.repos.tasks.findById(task!.task_id)).toMatchObject({ instruction: 'Keep me', date_completed: null });
  });
});
