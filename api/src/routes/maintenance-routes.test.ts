import { DEFAULT_MAINTENANCE_TEMPLATES, maintenanceChecklist } from '@portal/domain';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// Scheduled maintenance (docs/product/maintenance.md): the demo's Acme and Initech are maintenance clients with a
// monthly plan of updates and security; the portal's zone is UTC here.
const NOW = new Date('2026-12-07T15:00:00.000Z');
const JANUARY = new Date('2027-01-02T09:00:00.000Z');

let cast: DemoCast;
let initech: number;
beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  initech = await cast.t.companyId('Initech');
});
afterAll(() => cast.t.close());

const maintenanceTickets = (companyId: number) =>
  cast.t.app.db.selectFrom('tickets').selectAll().where('company_id', '=', companyId).where('title', 'like', 'Maintenance: %').orderBy('ticket_id').execute();

describe('maintenance schedules', () => {
  test('Run now twice opens one ticket: the checklist, the plan’s approved estimate, the default agent, due on the period’s last day', async () => {
    const { call, cookies, ids } = cast;
    const first = await call('POST', `/api/maintenance/schedules/${ids.acme}/run`, cookies.admin);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ period_start: '2026-12', period_end: '2026-12', opened: true });
    const ticketId = first.json().ticket_id as number;
    const again = await call('POST', `/api/maintenance/schedules/${ids.acme}/run`, cookies.admin);
    expect(again.json()).toEqual({ period_start: '2026-12', period_end: '2026-12', ticket_id: ticketId, opened: false });
    const tickets = await maintenanceTickets(ids.acme);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      ticket_id: ticketId, title: 'Maintenance: December 2026', assignee_id: ids.agent, date_due: '2026-12-31T16:00:00.000Z',
      // updates $20 + security $30 a month at $10 a unit.
      estimated_time: 5, estimate_approved: 1, contact_id: ids.client,
    });
    const tasks = (await call('GET', `/api/ticket/${ticketId}/tasks`, cookies.client)).json() as { instruction: string }[];
    expect(tasks.map((task) => task.instruction)).toEqual(maintenanceChecklist(['updates', 'security'], DEFAULT_MAINTENANCE_TEMPLATES));
    expect(tasks.length).toBeGreaterThan(3);

    const listed = (await call('GET', '/api/maintenance/schedules', cookies.admin)).json() as Record<string, unknown>[];
    expect(listed.find((row) => row.company_id === ids.acme)).toMatchObject({
      company_name: 'Acme, LLC', frequency: 'monthly', plan: 'Monthly: updates, security ($50.00 per month)', intensity: ['maintenance', 'security'], cost: 50, next_run: '2027-01-01T00:00:00.000Z',
      current_ran: true, last_run: { period_start: '2026-12', period_end: '2026-12', ticket_id: ticketId }, paused: false,
    });
  });

  test('a paused company gets no ticket from the job; resumed, it gets one', async () => {
    const { call, cookies } = cast;
    const paused = await call('PUT', `/api/maintenance/schedules/${initech}`, cookies.admin, { paused: true });
    expect(paused.statusCode).toBe(200);
    expect(paused.json()).toMatchObject({ company_id: initech, paused: true, last_run: null, current_ran: false });
    // Acme's December ran (Run now above): the job opens nothing, and nothing for the paused Initech.
    expect(await cast.t.app.jobs.runMaintenance(NOW)).toEqual({ opened: 0, alreadyRun: 0, lostRaces: 0, failed: 0 });
    expect(await maintenanceTickets(initech)).toHaveLength(0);
    expect(await maintenanceTickets(cast.ids.acme)).toHaveLength(1);

    const audit = await cast.t.app.db.selectFrom('audit_log').select(['action', 'company_id']).where('action', '=', 'company.maintenance_paused').execute();
    expect(audit).toEqual([{ action: 'company.maintenance_paused', company_id: initech }]);

    expect((await call('PUT', `/api/maintenance/schedules/${initech}`, cookies.admin, { paused: false })).json()).toMatchObject({ paused: false });
    expect(await cast.t.app.jobs.runMaintenance(NOW)).toEqual({ opened: 1, alreadyRun: 0, lostRaces: 0, failed: 0 });
    expect(await maintenanceTickets(initech)).toHaveLength(1);
  });

  test('a plan change applies from the next period, with the type assignment’s agent and the templates as saved then', async () => {
    const { call, cookies, ids } = cast;
    await cast.t.app.db.updateTable('company_meta').set({ meta_value: JSON.stringify({ frequency: 'quarterly', intensity: ['performance'] }) })
      .where('company_id', '=', ids.acme).where('meta_key', '=', 'maintenance_prefs').execute();
    await cast.t.app.db.updateTable('company_meta').set({ meta_value: JSON.stringify({ question: ids.sam }) })
      .where('company_id', '=', ids.acme).where('meta_key', '=', 'type_assignments').execute();
    const saved = await call('PUT', '/api/maintenance/tasks', cookies.admin, { performance: ['  Check page speed  ', '', 'Clean the database'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ...DEFAULT_MAINTENANCE_TEMPLATES, performance: ['Check page speed', 'Clean the database'] });

    // December ran monthly: the quarter holding it is not opened again.
    await cast.t.app.jobs.runMaintenance(NOW);
    expect(await maintenanceTickets(ids.acme)).toHaveLength(1);

    await cast.t.app.jobs.runMaintenance(JANUARY);
    const tickets = await maintenanceTickets(ids.acme);
    expect(tickets.map((ticket) => ticket.title)).toEqual(['Maintenance: December 2026', 'Maintenance: Q1 2027']);
    expect(tickets[1]).toMatchObject({ assignee_id: ids.sam, date_due: '2027-03-31T16:00:00.000Z', estimated_time: 5 });
    const tasks = await cast.t.app.db.selectFrom('tasks').select('instruction').where('ticket_id', '=', tickets[1]!.ticket_id).orderBy('sort_order').execute();
    expect(tasks.map((task) => task.instruction)).toEqual(['Check page speed', 'Clean the database']);
  });

  test('task templates are bounded: at most 50 tasks of 500 characters', async () => {
    const { call, cookies } = cast;
    const tooMany = await call('PUT', '/api/maintenance/tasks', cookies.admin, { security: Array.from({ length: 51 }, (_, i) => `Task ${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('A list holds at most 50 tasks.');
    const tooLong = await call('PUT', '/api/maintenance/tasks', cookies.admin, { security: ['x'.repeat(501)] });
    expect(tooLong.statusCode).toBe(400);
  });

  test('only admins manage schedules', async () => {
    const { call, cookies, ids } = cast;
    for (const cookie of [cookies.agent, cookies.client]) {
      expect((await call('GET', '/api/maintenance/schedules', cookie)).statusCode).toBe(403);
      expect((await call('PUT', `/api/maintenance/schedules/${ids.acme}`, cookie, { paused: true })).statusCode).toBe(403);
      expect((await call('POST', `/api/maintenance/schedules/${ids.acme}/run`, cookie)).statusCode).toBe(403);
      expect((await call('GET', '/api/maintenance/tasks', cookie)).statusCode).toBe(403);
      expect((await call('PUT', '/api/maintenance/tasks', cookie, { security: ['x'] })).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/maintenance/schedules')).statusCode).toBe(401);
  });

  test('a company that is no maintenance client, or is Closed, cannot be run', async () => {
    const globex = await cast.t.companyId('Globex Corporation');
    expect((await cast.call('POST', `/api/maintenance/schedules/${globex}/run`, cast.cookies.admin)).statusCode).toBe(409);
    expect((await cast.call('POST', '/api/maintenance/schedules/999999/run', cast.cookies.admin)).statusCode).toBe(404);

    // Closed (or Inactive): its tickets are closed, it is scheduled no more.
    await cast.t.app.db.updateTable('companies').set({ mode: 4 }).where('company_id', '=', initech).execute();
    const listed = (await cast.call('GET', '/api/maintenance/schedules', cast.cookies.admin)).json() as { company_id: number }[];
    expect(listed.map((row) => row.company_id)).toEqual([cast.ids.acme]);
    expect((await cast.call('POST', `/api/maintenance/schedules/${initech}/run`, cast.cookies.admin)).statusCode).toBe(409);
  });
});
