import { roundHours, type Period } from '@portal/domain';
import { PostgresAdapter, sql, type RawBuilder } from 'kysely';
import type { PortalDb } from '../db/connect';

export type StatsRepository = ReturnType<typeof createStatsRepository>;

export interface PeriodTicketStats {
  opened: number;
  closed: number;
  assigned: number;
  avg_hours_to_assignment: number | null;
  avg_hours_to_completion: number | null;
}

type DateColumn = 'date_created' | 'date_assigned' | 'date_completed';

const iso = (date: Date) => date.toISOString();

// /admins/stats: per month, tickets opened, completed and assigned, and the mean time from creation
// to assignment and to completion. Three grouped reads, each over one date index; the month of a
// ticket is decided by a CASE over the period bounds (computed in the caller's time zone).
export function createStatsRepository(db: PortalDb) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Hours from `from` to `to` (ISO text columns), never negative; the one dialect-specific expression. */
  function hours(from: DateColumn, to: DateColumn): RawBuilder<number> {
    const span = postgres
      ? sql`extract(epoch from (cast(${sql.ref(`t.${to}`)} as timestamptz) - cast(${sql.ref(`t.${from}`)} as timestamptz))) / 3600.0`
      : sql`(julianday(${sql.ref(`t.${to}`)}) - julianday(${sql.ref(`t.${from}`)})) * 24.0`;
    return sql<number>`case when ${span} < 0 then 0 else ${span} end`;
  }

  async function grouped(periods: readonly Period[], name: DateColumn, measure: RawBuilder<number> | null) {
    const column = sql.ref(`t.${name}`);
    const bucket = sql.join(
      periods.map((p, index) => sql`when ${column} >= ${iso(p.from)} and ${column} < ${iso(p.to)} then ${sql.lit(index)}`),
      sql` `,
    );
    const result = await sql<{ bucket: number | null; count: number; avg_hours: number | null }>`
      select bucket, count(*) as count, avg(measure) as avg_hours from (
        select case ${bucket} end as bucket, ${measure ?? sql`0`} as measure from tickets t
        where ${column} >= ${iso(periods[0]!.from)} and ${column} < ${iso(periods[periods.length - 1]!.to)}
      ) dated group by bucket`.execute(db);
    return new Map(
      result.rows
        .filter((row) => row.bucket !== null)
        .map((row) => [Number(row.bucket), { count: Number(row.count), avg: row.avg_hours === null ? null : roundHours(Number(row.avg_hours)) }]),
    );
  }

  return {
    async ticketsByPeriod(periods: readonly Period[]): Promise<PeriodTicketStats[]> {
      if (periods.length === 0) return [];
      const [opened, assigned, completed] = await Promise.all([
        grouped(periods, 'date_created', null),
        grouped(periods, 'date_assigned', hours('date_created', 'date_assigned')),
        grouped(periods, 'date_completed', hours('date_created', 'date_completed')),
      ]);
      return periods.map((_period, index) => ({
        opened: opened.get(index)?.count ?? 0,
        closed: completed.get(index)?.count ?? 0,
        assigned: assigned.get(index)?.count ?? 0,
        avg_hours_to_assignment: assigned.get(index)?.avg ?? null,
        avg_hours_to_completion: completed.get(index)?.avg ?? null,
      }));
    },
  };
}
