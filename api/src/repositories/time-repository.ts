import type { ContactTimeEntry, PrevMonthEntry, RatesValue, TicketTime, TimeEntry } from '@portal/contract';
import { agentPayUsd, freezingInvoice, sumUsd, unitsChargeUsd, type InvoicedPeriod, type PayrollEntry, type Period } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';
import { nextCursor, parseTimeEntryCursor, timeEntryCursor } from './cursor';

export type TimeRepository = ReturnType<typeof createTimeRepository>;

const ENTRY_COLUMNS = ['time_id', 'ticket_id', 'contact_id', 'contact_name', 'time', 'description', 'date', 'corrects_time_id'] as const;

const iso = (date: Date) => date.toISOString();

/** A rate as stored in contact meta ('40'), or null when unset or not a number. */
function rateOf(value: string | null | undefined): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const rate = Number(value);
  return Number.isFinite(rate) ? rate : null;
}

interface RateGroup {
  contact_id: number | null;
  pay_rate: number | null;
  units: number;
}

export interface NewTimeEntry {
  /** Null only for a correction of time whose ticket or worker was deleted. */
  ticket_id: number | null;
  contact_id: number | null;
  time: number;
  description: string;
  /** Snapshots taken when logging: deleting the company or contact never changes billed history. */
  company_id: number | null;
  company_name: string | null;
  contact_name: string | null;
  pay_rate: number | null;
  /** A correction: the frozen entry it corrects (docs/product/time-and-billing.md#correcting-time). */
  corrects_time_id?: number | null;
}

/** One entry as the correction rules read it: who, where, when, and what it corrects. */
export interface StoredTimeEntry {
  time_id: number;
  ticket_id: number | null;
  contact_id: number | null;
  contact_name: string | null;
  company_id: number | null;
  company_name: string | null;
  pay_rate: number | null;
  time: number;
  description: string;
  date: string;
  corrects_time_id: number | null;
}

/** What an edit writes. */
export interface TimeEntryPatch {
  time?: number;
  description?: string;
  date?: string;
}

// A ticket's entries, and the dashboards' counters and the agent's time tab. Every total is one
// grouped read over the time_entries (company_id, date) / (contact_id, date) / (date) indexes; money
// is computed from the grouped units with @portal/domain, so the rounding rule lives in one place.
// Entries carry the pay rate they were logged with (payroll history); an entry without one is paid
// at the contact's current pay_rate.
export function createTimeRepository(db: PortalDb, clock: () => Date) {
  async function currentRates(contactIds: readonly number[]): Promise<Map<number, number | null>> {
    if (contactIds.length === 0) return new Map();
    const rows = await db
      .selectFrom('contact_meta')
      .select(['contact_id', 'meta_value'])
      .where('meta_key', '=', 'pay_rate')
      .where('contact_id', 'in', [...contactIds])
      .execute();
    return new Map(rows.map((row) => [row.contact_id, rateOf(row.meta_value)]));
  }

  /** Pay of grouped units; one extra read only when some entries have no rate snapshot. */
  async function payOf(groups: readonly RateGroup[], known?: Map<number, number | null>): Promise<number> {
    const missing = [...new Set(groups.filter((g) => g.pay_rate === null && g.contact_id !== null).map((g) => g.contact_id as number))];
    const rates = known ?? (missing.length > 0 ? await currentRates(missing) : new Map<number, number | null>());
    const pays: number[] = [];
    for (const group of groups) {
      const rate = group.pay_rate ?? (group.contact_id === null ? null : rates.get(group.contact_id) ?? null);
      if (rate !== null) pays.push(agentPayUsd(group.units, rate));
    }
    return sumUsd(pays);
  }

  function valueOf(groups: readonly { type_id: number | null; units: number }[], rates: RatesValue): number {
    // A deleted ticket's time is billed at the standard unit price (no type to read).
    return sumUsd(groups.map((group) => unitsChargeUsd(group.units, group.type_id ?? undefined, rates)));
  }

  /** The issued invoices of these companies, as they freeze time (docs/product/time-and-billing.md#correcting-time). */
  async function invoicedPeriods(companyIds: readonly (number | null)[], executor: PortalDb = db): Promise<InvoicedPeriod[]> {
    const ids = [...new Set(companyIds.filter((id): id is number => id !== null))];
    if (ids.length === 0) return [];
    return executor.selectFrom('invoices').select(['company_id', 'number', 'period_from', 'period_to']).where('company_id', 'in', ids).execute();
  }

  /** Each entry with the number of the issued invoice whose month holds it (null: open). */
  async function withInvoices<T extends { company_id: number | null; date: string }>(
    entries: readonly T[], executor: PortalDb = db,
  ): Promise<(T & { invoice: string | null })[]> {
    const invoices = await invoicedPeriods(entries.map((entry) => entry.company_id), executor);
    return entries.map((entry) => ({ ...entry, invoice: freezingInvoice(entry, invoices)?.number ?? null }));
  }

  async function totalForTicket(ticketId: number, executor: PortalDb = db): Promise<number> {
    const row = await executor
      .selectFrom('time_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('time'), eb.lit(0)).as('total'))
      .where('ticket_id', '=', ticketId)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  }

  return {
    totalForTicket,
    invoicedPeriods,

    /** Units and value of a company's time in the period; meetings priced at the meeting rate. */
    async companyTotal(companyId: number, period: Period, rates: RatesValue): Promise<{ total_time: number; value: number }> {
      // Summed per ticket first (index-only over time_entries(company_id, date, ticket_id, time)), then
      // each ticket's type read once by its primary key: a busy company's year is thousands of entries
      // but hundreds of tickets. A join to tickets instead let PostgreSQL hash the whole table (it
      // guesses nearly one ticket per entry) or scan the year of every company by the (date, …) index.
      const perTicket = db
        .selectFrom('time_entries')
        .select((eb) => ['ticket_id', eb.fn.sum<number>('time').as('units')])
        .where('company_id', '=', companyId)
        .where('date', '>=', iso(period.from))
        .where('date', '<', iso(period.to))
        .groupBy('ticket_id')
        .as('te');
      const groups = await db
        .selectFrom(perTicket)
        .select((eb) => [
          eb.selectFrom('tickets as t').select('t.type_id').whereRef('t.ticket_id', '=', 'te.ticket_id').as('type_id'),
          eb.fn.sum<number>('te.units').as('units'),
        ])
        .groupBy(sql.ref('type_id'))
        .execute();
      const typed = groups.map((g) => ({ type_id: g.type_id, units: Number(g.units) }));
      return { total_time: typed.reduce((sum, g) => sum + g.units, 0), value: valueOf(typed, rates) };
    },

    /** All units ever logged on a company's tickets. */
    async companyAllTime(companyId: number): Promise<number> {
      const row = await db
        .selectFrom('time_entries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('time'), eb.lit(0)).as('units'))
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return Number(row?.units ?? 0);
    },

    /** A contact's units and pay in the period. */
    async contactTotal(contactId: number, period: Period): Promise<{ total_time: number; pay_rate: number | null; pay: number }> {
      const [groups, rates] = await Promise.all([
        db
          .selectFrom('time_entries')
          .select((eb) => ['pay_rate', eb.fn.sum<number>('time').as('units')])
          .where('contact_id', '=', contactId)
          .where('date', '>=', iso(period.from))
          .where('date', '<', iso(period.to))
          .groupBy('pay_rate')
          .execute(),
        currentRates([contactId]),
      ]);
      const rateGroups = groups.map((g) => ({ contact_id: contactId, pay_rate: g.pay_rate === null ? null : Number(g.pay_rate), units: Number(g.units) }));
      return {
        total_time: rateGroups.reduce((sum, g) => sum + g.units, 0),
        pay_rate: rates.get(contactId) ?? null,
        pay: await payOf(rateGroups, rates),
      };
    },

    /** Every contact's time in the period: units, their value and their pay. */
    async allTotal(period: Period, rates: RatesValue): Promise<{ total_time: number; value: number; pay: number }> {
      const groups = await db
        .selectFrom('time_entries as te')
        .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
        .select((eb) => ['t.type_id', 'te.contact_id', 'te.pay_rate', eb.fn.sum<number>('te.time').as('units')])
        .where('te.date', '>=', iso(period.from))
        .where('te.date', '<', iso(period.to))
        .groupBy(['t.type_id', 'te.contact_id', 'te.pay_rate'])
        .execute();
      const typed = groups.map((g) => ({
        type_id: g.type_id, contact_id: g.contact_id, pay_rate: g.pay_rate === null ? null : Number(g.pay_rate), units: Number(g.units),
      }));
      return { total_time: typed.reduce((sum, g) => sum + g.units, 0), value: valueOf(typed, rates), pay: await payOf(typed) };
    },

    /** A contact's entries in the period, newest first, with the ticket's title and the company's name. */
    async contactEntries(contactId: number, period: Period): Promise<ContactTimeEntry[]> {
      return db
        .selectFrom('time_entries as te')
        .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
        .leftJoin('companies as c', 'c.company_id', 'te.company_id')
        .select([
          'te.time_id', 'te.contact_id', 'te.ticket_id', 't.title as ticket_title', 'te.company_id', 'te.time', 'te.description', 'te.date',
          'te.corrects_time_id',
        ])
        // The company's current name, or the name it had when the time was logged if it is gone.
        .select((eb) => eb.fn.coalesce('c.name', 'te.company_name').as('company_name'))
        .where('te.contact_id', '=', contactId)
        .where('te.date', '>=', iso(period.from))
        .where('te.date', '<', iso(period.to))
        .orderBy('te.date', 'desc')
        .orderBy('te.time_id', 'desc')
        .execute()
        .then((rows) => withInvoices(rows));
    },

    /**
     * A contact's units and pay per period (the My Time chart), one grouped read: each entry is
     * put in its period by a CASE over the period bounds, computed in the caller's time zone.
     */
    async contactByPeriod(contactId: number, periods: readonly Period[]): Promise<{ total_time: number; pay: number }[]> {
      const totals = periods.map(() => ({ total_time: 0, pay: 0 }));
      if (periods.length === 0) return totals;
      const bucket = sql.join(
        periods.map((p, index) => sql`when te.date >= ${iso(p.from)} and te.date < ${iso(p.to)} then ${sql.lit(index)}`),
        sql` `,
      );
      // Grouped in an outer query: PostgreSQL does not match a parameterised expression in GROUP BY.
      const result = await sql<{ bucket: number | null; pay_rate: number | null; units: number }>`
        select bucket, pay_rate, sum(time) as units from (
          select case ${bucket} end as bucket, te.pay_rate, te.time from time_entries te
          where te.contact_id = ${contactId} and te.date >= ${iso(periods[0]!.from)} and te.date < ${iso(periods[periods.length - 1]!.to)}
        ) entries group by bucket, pay_rate`.execute(db);
      const rates = await currentRates([contactId]);
      const pays = periods.map((): number[] => []);
      for (const row of result.rows) {
        if (row.bucket === null) continue;
        const index = Number(row.bucket);
        const total = totals[index];
        if (!total) continue;
        const units = Number(row.units);
        total.total_time += units;
        pays[index]!.push(await payOf([{ contact_id: contactId, pay_rate: row.pay_rate === null ? null : Number(row.pay_rate), units }], rates));
      }
      return totals.map((total, index) => ({ ...total, pay: sumUsd(pays[index]!) }));
    },

    /**
     * A page of the period's entries (docs/product/time-and-billing.md#admin-invoices-screen), oldest
     * first, with each one's ticket title and type and the company's current name (or the one it had
     * when the time was logged); an entry logged without a pay rate shows the agent's current one, as
     * payroll pays it. `limit` rows after the cursor `after` (date, time_id), read by keyset over the
     * (date, …) index so the last page of a busy month costs what the first does; `next` is the
     * following page's cursor, null at the end.
     */
    async periodEntries(period: Period, page: { after?: string; limit: number }): Promise<{ entries: PrevMonthEntry[]; next: string | null }> {
      const after = page.after === undefined ? undefined : parseTimeEntryCursor(page.after);
      const rows = await db
        .selectFrom('time_entries as te')
        .leftJoin('tickets as t', 't.ticket_id', 'te.ticket_id')
        .leftJoin('companies as c', 'c.company_id', 'te.company_id')
        .select([
          'te.time_id', 'te.company_id', 'te.ticket_id', 't.title as ticket_title', 't.type_id', 'te.contact_id', 'te.contact_name as agent',
          'te.pay_rate as agent_payrate', 'te.time', 'te.date', 'te.description',
        ])
        .select((eb) => eb.fn.coalesce('c.name', 'te.company_name').as('company'))
        .where('te.date', '>=', iso(period.from))
        .where('te.date', '<', iso(period.to))
        .$if(after !== undefined, (qb) =>
          qb.where((eb) =>
            eb.or([
              eb('te.date', '>', after!.date),
              eb.and([eb('te.date', '=', after!.date), eb('te.time_id', '>', after!.timeId)]),
            ]),
          ),
        )
        .orderBy('te.date')
        .orderBy('te.time_id')
        .limit(page.limit)
        .execute();
      const missing = [...new Set(rows.filter((r) => r.agent_payrate === null && r.contact_id !== null).map((r) => r.contact_id as number))];
      const rates = await currentRates(missing);
      const entries = rows.map((row) => ({
        ...row,
        agent_payrate: row.agent_payrate !== null ? Number(row.agent_payrate) : row.contact_id === null ? null : rates.get(row.contact_id) ?? null,
      }));
      return { entries, next: nextCursor(entries, page.limit, timeEntryCursor) };
    },

    /**
     * The period's units per agent, name and recorded pay rate: one grouped read over the
     * (date, contact_id, contact_name, pay_rate, time) index. Units logged without a rate are paid
     * at the agent's current one.
     */
    async payrollGroups(period: Period): Promise<PayrollEntry[]> {
      const groups = await db
        .selectFrom('time_entries')
        .select((eb) => ['contact_id', 'contact_name', 'pay_rate', eb.fn.sum<number>('time').as('units')])
        .where('date', '>=', iso(period.from))
        .where('date', '<', iso(period.to))
        .groupBy(['contact_id', 'contact_name', 'pay_rate'])
        .execute();
      const missing = [...new Set(groups.filter((g) => g.pay_rate === null && g.contact_id !== null).map((g) => g.contact_id as number))];
      const rates = await currentRates(missing);
      return groups.map((g) => ({
        contact_id: g.contact_id,
        agent: g.contact_name,
        agent_payrate: g.pay_rate !== null ? Number(g.pay_rate) : g.contact_id === null ? null : rates.get(g.contact_id) ?? null,
        time: Number(g.units),
      }));
    },

    /**
     * A pay-rate change on the caller's transaction (docs/product/companies-and-contacts.md#pay-rate): the
     * contact's entries before `from` that carry no rate get `earlier`, the rate they were paid at
     * (0 when there was none), so no closed month changes; entries from `from` on get `later`.
     * Answers how many entries took the new rate.
     */
    async stampPayRates(trx: PortalDb, contactId: number, from: Date, earlier: number | null, later: number): Promise<number> {
      await trx
        .updateTable('time_entries')
        .set({ pay_rate: earlier ?? 0 })
        .where('contact_id', '=', contactId)
        .where('date', '<', iso(from))
        .where('pay_rate', 'is', null)
        .execute();
      const updated = await trx
        .updateTable('time_entries')
        .set({ pay_rate: later })
        .where('contact_id', '=', contactId)
        .where('date', '>=', iso(from))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows);
    },

    /** Newest first, each with the issued invoice that froze it; the total is summed from the same rows (one indexed read). */
    async listForTicket(ticketId: number): Promise<TicketTime> {
      const rows = await db
        .selectFrom('time_entries')
        .select([...ENTRY_COLUMNS, 'company_id'])
        .where('ticket_id', '=', ticketId)
        .orderBy('date', 'desc')
        .orderBy('time_id', 'desc')
        .execute();
      const entries: TimeEntry[] = (await withInvoices(rows)).map(({ company_id: _company, ...entry }) => entry);
      return { total_time: entries.reduce((sum, entry) => sum + entry.time, 0), entries };
    },

    /** Dated `at`, the clock's now by default. */
    async create(input: NewTimeEntry, executor: PortalDb = db, at: Date = clock()): Promise<TimeEntry> {
      const now = at.toISOString();
      const row = await executor
        .insertInto('time_entries')
        .values({ ...input, date: now, date_created: now })
        .returning([...ENTRY_COLUMNS, 'company_id'])
        .executeTakeFirstOrThrow();
      const [entry] = await withInvoices([row], executor);
      const { company_id: _company, ...created } = entry!;
      return created;
    },

    /** One entry as stored, on the caller's transaction. */
    async findById(timeId: number, executor: PortalDb = db): Promise<StoredTimeEntry | undefined> {
      return executor
        .selectFrom('time_entries')
        .select([
          'time_id', 'ticket_id', 'contact_id', 'contact_name', 'company_id', 'company_name', 'pay_rate', 'time', 'description', 'date',
          'corrects_time_id',
        ])
        .where('time_id', '=', timeId)
        .executeTakeFirst();
    },

    /** The units of the corrections logged for an entry (by the corrects_time_id index). */
    async correctionUnits(timeId: number, executor: PortalDb = db): Promise<{ time_id: number; time: number }[]> {
      return executor.selectFrom('time_entries').select(['time_id', 'time']).where('corrects_time_id', '=', timeId).execute();
    },

    /** Writes an edit on the caller's transaction. */
    async update(trx: PortalDb, timeId: number, patch: TimeEntryPatch): Promise<void> {
      if (Object.keys(patch).length === 0) return;
      await trx.updateTable('time_entries').set(patch).where('time_id', '=', timeId).execute();
    },

    /** Deletes an entry on the caller's transaction; false when it was already gone. */
    async delete(trx: PortalDb, timeId: number): Promise<boolean> {
      const result = await trx.deleteFrom('time_entries').where('time_id', '=', timeId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
