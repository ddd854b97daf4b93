import type { MaintenanceRunAnswer, MaintenanceSchedule, MaintenanceTasks, MaintenanceTasksSave } from '@portal/contract';
import {
  GROUP_ADMIN, MAINTENANCE_SCHEDULE_MESSAGES, MAINTENANCE_TASKS_OPTION, duePeriodAt, formatYearMonth, isMaintenanceClient, maintenanceChecklist,
  maintenanceDueDay, maintenanceEstimate, maintenanceEstimateUnits, maintenancePeriodAt, maintenancePlanIntensities, maintenancePlanText, maintenanceTicketDescription,
  maintenanceTicketFields, maintenanceTicketTitle, modeClosesTickets, parseMaintenanceTemplates, parseServiceIds, readMaintenancePrefsInput,
  readMaintenanceTemplatesInput, yearMonthOf, MESSAGES,
  type Change, type MaintenanceFrequency, type MaintenancePeriod, type MaintenancePrefs, type MaintenanceTemplates, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { isUniqueViolation } from '../repositories/unique-violation';
import { auditRecord, auditedChange, companyTarget, recorded, type AuditActor } from './audit';
import { lookupOption, ratesOption } from './option-defaults';
import type { ServiceContext, Written } from './service-context';
import { createTicket, newTicketInput, type TicketCreateBody } from './ticket-creation';

// Scheduled maintenance (docs/product/maintenance.md): every maintenance client with a saved plan gets one ticket per
// period of its plan, opened by the job runner (plugins/jobs.ts) or by an admin's "Run now". The period's row in
// maintenance_runs is written on the ticket's own transaction and its unique key (company_id, period_start) is the
// once: a second runner opening the same period fails on the key and its ticket is rolled back with it.

/** The schedule opens tickets as nobody in particular: staff-like (the requester is the company's primary contact). */
const SCHEDULE_VIEWER: Viewer = { contactId: 0, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] };
const SCHEDULE_ACTOR: AuditActor = { actorId: null, ip: null };

interface MaintenanceClient {
  companyId: number;
  name: string;
  prefs: MaintenancePrefs & { frequency: MaintenanceFrequency };
  paused: boolean;
}

interface RunRow {
  company_id: number;
  period_start: string;
  period_end: string;
  ticket_id: number | null;
}

/** Every company that is a maintenance client with a saved plan and not Inactive or Closed, in name order; `companyId` narrows to one. */
async function maintenanceClients(ctx: ServiceContext, companyId?: number): Promise<MaintenanceClient[]> {
  const { db, repos } = ctx;
  const services = await lookupOption(repos.options, 'service-defaults');
  let metaQuery = db.selectFrom('company_meta').select(['company_id', 'meta_key', 'meta_value']).where('meta_key', 'in', ['services', 'maintenance_prefs']);
  let companyQuery = db.selectFrom('companies').select(['company_id', 'name', 'mode']);
  let pausedQuery = db.selectFrom('maintenance_schedules').select('company_id').where('paused', '=', 1);
  if (companyId !== undefined) {
    metaQuery = metaQuery.where('company_id', '=', companyId);
    companyQuery = companyQuery.where('company_id', '=', companyId);
    pausedQuery = pausedQuery.where('company_id', '=', companyId);
  }
  const [meta, companies, paused] = await Promise.all([metaQuery.execute(), companyQuery.orderBy('name').orderBy('company_id').execute(), pausedQuery.execute()]);
  const servicesOf = new Map<number, string | null>();
  const prefsOf = new Map<number, string | null>();
  for (const row of meta) (row.meta_key === 'services' ? servicesOf : prefsOf).set(row.company_id, row.meta_value);
  const pausedIds = new Set(paused.map((row) => row.company_id));
  const clients: MaintenanceClient[] = [];
  for (const company of companies) {
    // An Inactive or Closed company has its tickets closed: it gets no new work either.
    if (modeClosesTickets(company.mode)) continue;
    if (!isMaintenanceClient(parseServiceIds(servicesOf.get(company.company_id) ?? ''), services)) continue;
    const prefs = readMaintenancePrefsInput(prefsOf.get(company.company_id) ?? '');
    if (!prefs || prefs.frequency === '') continue;
    clients.push({ companyId: company.company_id, name: company.name, prefs: { ...prefs, frequency: prefs.frequency }, paused: pausedIds.has(company.company_id) });
  }
  return clients;
}

/** The runs that may cover `month` or come after it ('YYYY-MM' compares as text), by company. */
async function runsFrom(ctx: ServiceContext, month: string, companyId?: number): Promise<Map<number, RunRow[]>> {
  let query = ctx.db.selectFrom('maintenance_runs').select(['company_id', 'period_start', 'period_end', 'ticket_id']).where('period_end', '>=', month);
  if (companyId !== undefined) query = query.where('company_id', '=', companyId);
  const byCompany = new Map<number, RunRow[]>();
  for (const row of await query.execute()) byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row]);
  return byCompany;
}

/** Each company's latest run. */
async function lastRuns(ctx: ServiceContext): Promise<Map<number, RunRow>> {
  const rows = await ctx.db
    .selectFrom('maintenance_runs as r')
    .select(['r.company_id', 'r.period_start', 'r.period_end', 'r.ticket_id'])
    .where('r.period_start', '=', (eb) => eb.selectFrom('maintenance_runs as l').select((l) => l.fn.max('l.period_start').as('latest')).whereRef('l.company_id', '=', 'r.company_id'))
    .execute();
  return new Map(rows.map((row) => [row.company_id, row]));
}

async function templatesOf(ctx: ServiceContext): Promise<MaintenanceTemplates> {
  return parseMaintenanceTemplates(await ctx.repos.options.get(MAINTENANCE_TASKS_OPTION));
}

interface PeriodOpened {
  ticketId: number | null;
  opened: boolean;
  /** Another process opened the period while this one was opening it (its transaction failed on the key). */
  lostRace: boolean;
  changes: readonly Change[];
}

async function existingRun(ctx: ServiceContext, companyId: number, periodStart: string): Promise<RunRow | undefined> {
  return ctx.db
    .selectFrom('maintenance_runs')
    .select(['company_id', 'period_start', 'period_end', 'ticket_id'])
    .where('company_id', '=', companyId)
    .where('period_start', '=', periodStart)
    .executeTakeFirst();
}

/**
 * Opens `period`'s ticket for the client, once: the ticket as the new-ticket form makes it (createTicket: the type
 * assignment's agent or the default agent, the admins told), with the plan's checklist and approved estimate and the
 * run's row on its transaction. A period already run (here or by another process) answers its ticket, opened false.
 */
async function openPeriod(
  ctx: ServiceContext, client: MaintenanceClient, period: MaintenancePeriod, shared: { templates: MaintenanceTemplates; unitPriceUsd: number },
): Promise<PeriodOpened> {
  const before = await existingRun(ctx, client.companyId, period.start);
  if (before) return { ticketId: before.ticket_id, opened: false, lostRace: false, changes: [] };
  const [types, priorities] = await Promise.all([lookupOption(ctx.repos.options, 'type-defaults'), lookupOption(ctx.repos.options, 'priority-defaults')]);
  const body: TicketCreateBody = {
    ...maintenanceTicketFields(types, priorities),
    title: maintenanceTicketTitle(period),
    description: maintenanceTicketDescription(client.prefs, period),
    company_id: client.companyId,
    estimate_required: 0,
    date_due: maintenanceDueDay(period),
  };
  const estimate = maintenanceEstimate(client.prefs);
  const units = estimate ? maintenanceEstimateUnits(estimate.costUsd, shared.unitPriceUsd) : 0;
  const checklist = maintenanceChecklist(client.prefs.intensity, shared.templates);
  try {
    const created = await createTicket(ctx, SCHEDULE_VIEWER, { body, input: newTicketInput(body), timeZone: ctx.config.defaultTimeZone, actor: SCHEDULE_ACTOR }, {
      unattended: true,
      alsoWrite: async (trx, ticket) => {
        await trx.insertInto('maintenance_runs').values({
          company_id: client.companyId, period_start: period.start, period_end: period.end, ticket_id: ticket.ticket_id, date_created: ctx.clock().toISOString(),
        }).execute();
        if (units > 0) await trx.updateTable('tickets').set({ estimated_time: units, estimate_approved: 1 }).where('ticket_id', '=', ticket.ticket_id).execute();
        await ctx.repos.tasks.create(trx, ticket.ticket_id, checklist);
      },
    });
    return { ticketId: created.result, opened: true, lostRace: false, changes: created.changes };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another process opened the period between the read above and this transaction: its ticket is the period's.
    const run = await existingRun(ctx, client.companyId, period.start);
    return { ticketId: run?.ticket_id ?? null, opened: false, lostRace: true, changes: [] };
  }
}

export interface MaintenanceRunSummary {
  opened: number;
  /** Periods another process had opened when this one came to them. */
  alreadyRun: number;
  /** Of those, the ones this process was opening too: its ticket was rolled back on the unique key. */
  lostRaces: number;
  /** Companies whose ticket could not be opened (logged); the next pass tries again. */
  failed: number;
}

/**
 * The job (docs/product/maintenance.md#scheduled-maintenance-tickets): at `now`, the current period of every active
 * schedule that has not run. Each company on its own: one failing is logged and the others still open.
 */
export async function runMaintenanceSchedules(ctx: ServiceContext, now: Date, publish: (...changes: Change[]) => void): Promise<MaintenanceRunSummary> {
  const timeZone = ctx.config.defaultTimeZone;
  const clients = (await maintenanceClients(ctx)).filter((client) => !client.paused);
  const summary: MaintenanceRunSummary = { opened: 0, alreadyRun: 0, lostRaces: 0, failed: 0 };
  if (clients.length === 0) return summary;
  // Runs ending before this month cover nothing due now.
  const runs = await runsFrom(ctx, formatYearMonth(yearMonthOf(now, timeZone)));
  const shared = { templates: await templatesOf(ctx), unitPriceUsd: (await ratesOption(ctx.repos.options)).unitPriceUsd };
  // Each runner starts at a random company: runners passing at once then mostly open different companies, and one
  // reaching a company the other opened skips it on the first read instead of racing it to the key.
  const first = Math.floor(Math.random() * clients.length);
  for (const client of [...clients.slice(first), ...clients.slice(0, first)]) {
    const period = duePeriodAt(now, client.prefs.frequency, timeZone, runs.get(client.companyId) ?? []);
    if (!period) continue;
    try {
      const result = await openPeriod(ctx, client, period, shared);
      if (result.opened) {
        summary.opened += 1;
        publish(...result.changes);
      } else {
        summary.alreadyRun += 1;
        if (result.lostRace) summary.lostRaces += 1;
      }
    } catch (error) {
      summary.failed += 1;
      ctx.log.error({ err: error, company_id: client.companyId, period: period.start }, 'maintenance ticket not opened');
    }
  }
  return summary;
}

function scheduleOf(client: MaintenanceClient, now: Date, timeZone: string, last: RunRow | undefined, covering: readonly RunRow[]): MaintenanceSchedule {
  const period = maintenancePeriodAt(now, client.prefs.frequency, timeZone);
  return {
    company_id: client.companyId,
    company_name: client.name,
    plan: maintenancePlanText(client.prefs) ?? '',
    frequency: client.prefs.frequency,
    intensity: maintenancePlanIntensities(client.prefs.intensity),
    cost: maintenanceEstimate(client.prefs)?.costUsd ?? 0,
    period_start: period.start,
    period_end: period.end,
    next_run: period.to.toISOString(),
    current_ran: duePeriodAt(now, client.prefs.frequency, timeZone, covering) === null,
    last_run: last ? { period_start: last.period_start, period_end: last.period_end, ticket_id: last.ticket_id } : null,
    paused: client.paused,
  };
}

/** GET /maintenance/schedules: every maintenance client's schedule. */
export async function listMaintenanceSchedules(ctx: ServiceContext): Promise<MaintenanceSchedule[]> {
  const now = ctx.clock();
  const timeZone = ctx.config.defaultTimeZone;
  const [clients, last, runs] = await Promise.all([maintenanceClients(ctx), lastRuns(ctx), runsFrom(ctx, formatYearMonth(yearMonthOf(now, timeZone)))]);
  return clients.map((client) => scheduleOf(client, now, timeZone, last.get(client.companyId), runs.get(client.companyId) ?? []));
}

async function clientOr404(ctx: ServiceContext, companyId: number): Promise<MaintenanceClient> {
  const [client] = await maintenanceClients(ctx, companyId);
  if (!client) {
    const exists = await ctx.repos.companies.findById(companyId);
    throw exists ? new HttpError(409, MAINTENANCE_SCHEDULE_MESSAGES.notAMaintenanceClient) : new HttpError(404, MESSAGES.companyNotFound);
  }
  return client;
}

async function oneSchedule(ctx: ServiceContext, companyId: number): Promise<MaintenanceSchedule> {
  const now = ctx.clock();
  const timeZone = ctx.config.defaultTimeZone;
  const client = await clientOr404(ctx, companyId);
  const [last, runs] = await Promise.all([lastRuns(ctx), runsFrom(ctx, formatYearMonth(yearMonthOf(now, timeZone)), companyId)]);
  return scheduleOf(client, now, timeZone, last.get(companyId), runs.get(companyId) ?? []);
}

/** PUT /maintenance/schedules/:id: pause or resume; audited when it changes. */
export async function saveMaintenanceSchedule(ctx: ServiceContext, actor: AuditActor, companyId: number, paused: boolean): Promise<Written<MaintenanceSchedule>> {
  const client = await clientOr404(ctx, companyId);
  if (client.paused !== paused) {
    const now = ctx.clock();
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('maintenance_schedules')
        .values({ company_id: companyId, paused: paused ? 1 : 0, date_updated: now.toISOString() })
        .onConflict((oc) => oc.column('company_id').doUpdateSet({ paused: paused ? 1 : 0, date_updated: now.toISOString() }))
        .execute();
      const action = paused ? 'company.maintenance_paused' : 'company.maintenance_resumed';
      await writeAudit(trx, [auditRecord(actor, action, companyTarget({ company_id: companyId, name: client.name }), [{ field: 'paused', before: client.paused, after: paused }])], now);
    });
  }
  return { result: await oneSchedule(ctx, companyId), changes: [] };
}

/**
 * POST /maintenance/schedules/:id/run: the current period now, paused or not (an admin's explicit ask); the period
 * already run answers its ticket. A plan changed mid-period still waits for the next period.
 */
export async function runMaintenanceNow(ctx: ServiceContext, actor: AuditActor, companyId: number): Promise<Written<MaintenanceRunAnswer>> {
  const client = await clientOr404(ctx, companyId);
  const now = ctx.clock();
  const timeZone = ctx.config.defaultTimeZone;
  const current = maintenancePeriodAt(now, client.prefs.frequency, timeZone);
  const runs = (await runsFrom(ctx, formatYearMonth(yearMonthOf(now, timeZone)), companyId)).get(companyId) ?? [];
  const period = duePeriodAt(now, client.prefs.frequency, timeZone, runs);
  if (!period) {
    const month = formatYearMonth(yearMonthOf(now, timeZone));
    const covering = runs.find((run) => run.period_start === current.start) ?? runs.find((run) => run.period_start <= month && month <= run.period_end);
    return {
      result: { period_start: covering?.period_start ?? current.start, period_end: covering?.period_end ?? current.end, ticket_id: covering?.ticket_id ?? null, opened: false },
      changes: [],
    };
  }
  const shared = { templates: await templatesOf(ctx), unitPriceUsd: (await ratesOption(ctx.repos.options)).unitPriceUsd };
  const result = await openPeriod(ctx, client, period, shared);
  if (result.opened) {
    await writeAudit(ctx.db, [auditRecord(actor, 'company.maintenance_run', companyTarget({ company_id: companyId, name: client.name }), [
      { field: 'period', before: null, after: period.start }, { field: 'ticket_id', before: null, after: result.ticketId },
    ])], now);
  }
  return { result: { period_start: period.start, period_end: period.end, ticket_id: result.ticketId, opened: result.opened }, changes: result.changes };
}

/** GET /maintenance/tasks. */
export async function maintenanceTasks(ctx: ServiceContext): Promise<MaintenanceTasks> {
  return templatesOf(ctx);
}

/** PUT /maintenance/tasks: the lists sent, trimmed and bounded (400 with the problem); audited as an option change. */
export async function saveMaintenanceTasks(ctx: ServiceContext, actor: AuditActor, body: MaintenanceTasksSave): Promise<Written<MaintenanceTasks>> {
  const current = await templatesOf(ctx);
  const checked = readMaintenanceTemplatesInput(body, current);
  if (!checked.ok) throw new HttpError(400, checked.problem);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await ctx.repos.options.storedValue(MAINTENANCE_TASKS_OPTION, trx);
    await ctx.repos.options.save(trx, MAINTENANCE_TASKS_OPTION, checked.value);
    await writeAudit(trx, recorded(auditedChange(
      actor, 'option.updated', { entityId: null, companyId: null, subject: MAINTENANCE_TASKS_OPTION }, { value: before }, { value: JSON.stringify(checked.value) },
    )), ctx.clock());
  });
  return { result: checked.value, changes: [] };
}
