import type { MonthPeriod } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';
import { isPostgres } from './dialect';
import type { HourBanksTable, OverageApprovalsTable } from '../db/schema';

export type HourBankRow = Omit<HourBanksTable, 'rollover_cap_units'> & { rollover_cap_units: number };
export type OverageApprovalRow = Omit<OverageApprovalsTable, 'id'> & { id: number };

/** One entry as the bank counts it: a correction counts in the month of the entry it corrects. */
export interface BankEntry {
  time_id: number;
  ticket_id: number | null;
  title: string | null;
  time: number;
}

/** SQL of hour banks (docs/product/hour-banks.md): settings, the month's entries, notices and approvals. */
export function hourBankRepository(db: PortalDb) {
  return {
    async findBank(companyId: number, executor: PortalDb = db): Promise<HourBankRow | undefined> {
      return executor.selectFrom('hour_banks').selectAll().where('company_id', '=', companyId).executeTakeFirst();
    },

    /**
     * The company's bank, read on a transaction that then logs time against it: on PostgreSQL the row stays locked
     * until it commits, so two entries at once are checked against the bank one after the other (SQLite's
     * transactions hold the write lock from their start).
     */
    async lockBank(trx: PortalDb, companyId: number): Promise<HourBankRow | undefined> {
      const query = trx.selectFrom('hour_banks').selectAll().where('company_id', '=', companyId);
      return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Which of `companyIds` have a bank. */
    async companiesWithBanks(companyIds: readonly number[]): Promise<number[]> {
      if (companyIds.length === 0) return [];
      const rows = await db.selectFrom('hour_banks').select('company_id').where('company_id', 'in', [...companyIds]).execute();
      return rows.map((row) => row.company_id);
    },

    async saveBank(row: HourBankRow, executor: PortalDb = db): Promise<void> {
      await executor
        .insertInto('hour_banks')
        .values(row)
        .onConflict((oc) => oc.column('company_id').doUpdateSet({
          included_units: row.included_units, rollover_cap_units: row.rollover_cap_units, date_updated: row.date_updated,
        }))
        .execute();
    },

    async removeBank(companyId: number, executor: PortalDb = db): Promise<boolean> {
      const result = await executor.deleteFrom('hour_banks').where('company_id', '=', companyId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The company's entries counted in the month, in the order they were logged. */
    async monthEntries(companyId: number, period: MonthPeriod, executor: PortalDb = db): Promise<BankEntry[]> {
      const day = sql<string>`coalesce(corrected.date, entry.date)`;
      return executor
        .selectFrom('time_entries as entry')
        .leftJoin('time_entries as corrected', 'corrected.time_id', 'entry.corrects_time_id')
        .leftJoin('tickets', 'tickets.ticket_id', 'entry.ticket_id')
        .select(['entry.time_id', 'entry.ticket_id', 'entry.time', 'tickets.title'])
        .where('entry.company_id', '=', companyId)
        .where(day, '>=', period.from.toISOString())
        .where(day, '<', period.to.toISOString())
        .orderBy('entry.time_id')
        .execute();
    },

    /** Records a threshold's notice once; false when it was already told (by this process or another). */
    async claimNotice(companyId: number, month: string, threshold: number, at: Date): Promise<boolean> {
      const result = await db
        .insertInto('hour_bank_notices')
        .values({ company_id: companyId, month, threshold, date_sent: at.toISOString() })
        .onConflict((oc) => oc.columns(['company_id', 'month', 'threshold']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async approvals(ticketId: number, month: string, executor: PortalDb = db): Promise<OverageApprovalRow[]> {
      return executor.selectFrom('overage_approvals').selectAll().where('ticket_id', '=', ticketId).where('month', '=', month).orderBy('id').execute();
    },

    async pendingApproval(ticketId: number, executor: PortalDb = db): Promise<OverageApprovalRow | undefined> {
      return executor.selectFrom('overage_approvals').selectAll().where('ticket_id', '=', ticketId).where('status', '=', 'pending')
        .orderBy('id', 'desc').executeTakeFirst();
    },

    async latestApproval(ticketId: number, executor: PortalDb = db): Promise<OverageApprovalRow | undefined> {
      return executor.selectFrom('overage_approvals').selectAll().where('ticket_id', '=', ticketId).orderBy('id', 'desc').executeTakeFirst();
    },

    async requestApproval(row: Omit<OverageApprovalRow, 'id'>, executor: PortalDb = db): Promise<OverageApprovalRow> {
      return executor.insertInto('overage_approvals').values(row).returningAll().executeTakeFirstOrThrow();
    },

    /** Answers a pending request; false when it is no longer pending (answered meanwhile). */
    async decide(id: number, status: 'approved' | 'declined', decidedBy: number, at: Date, executor: PortalDb = db): Promise<boolean> {
      const result = await executor
        .updateTable('overage_approvals')
        .set({ status, decided_by: decidedBy, date_decided: at.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
