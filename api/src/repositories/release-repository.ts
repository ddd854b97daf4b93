import type { ReleaseLogLine, ReleaseReportLine } from '@portal/contract';
import { RELEASE_ACTIONS, type ReleaseAction, type ReleaseReportKind } from '@portal/domain';
import { sql } from 'kysely';
import type { PortalDb } from '../db/connect';

export type ReleaseRepository = ReturnType<typeof createReleaseRepository>;

/** A remote's canary as the table keeps it (docs/deploying-a-remote.md#canary-releases). */
export interface CanaryRow {
  remote: string;
  version: string;
  entry: string;
  share: number;
  started_at: string;
  started_by: string;
  auto_promote_at: string | null;
}

/** One line of the deploy log as written to the table: the file's line, and why when the judge acted. */
export interface ReleaseLogRecord {
  at: string;
  by: string;
  remote: string;
  action: ReleaseAction;
  version: string;
  entry: string;
  previous: string | null;
  reason: string | null;
}

/** One version's reports in one minute: its loads and its failures of every kind. */
export interface ReleaseMinuteRow {
  remote: string;
  version: string;
  minute: string;
  loads: number;
  failures: number;
}

/** The column each kind of report is counted in. */
const COLUMN_OF = {
  load: 'loads', error: 'errors', rejection: 'rejections', panel: 'panels', chunk: 'chunks', 'no-heading': 'no_headings',
} as const satisfies Record<ReleaseReportKind, string>;
type CountColumn = (typeof COLUMN_OF)[ReleaseReportKind];
const KINDS = Object.keys(COLUMN_OF) as ReleaseReportKind[];
const FAILURE_COLUMNS = KINDS.filter((kind) => kind !== 'load').map((kind) => COLUMN_OF[kind]);

/** The minute `at` falls in, as the reports table keys it: `YYYY-MM-DDTHH:MM:00.000Z`. */
export function reportMinute(at: Date): string {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000).toISOString();
}

const isReleaseAction = (action: string): action is ReleaseAction => (RELEASE_ACTIONS as readonly string[]).includes(action);

/**
 * Canary releases in the database (migration 0044), shared by every process and machine: the canaries, the browsers'
 * counts per remote, version and minute, and the deploy log the admins read.
 */
export function createReleaseRepository(db: PortalDb) {
  return {
    /** Every canary running, by remote. */
    async canaries(): Promise<CanaryRow[]> {
      return db.selectFrom('release_canaries').selectAll().orderBy('remote').execute();
    },

    /** Makes `row` its remote's canary, in place of the canary it had if any. */
    async startCanary(row: CanaryRow): Promise<void> {
      const { remote: _remote, ...rest } = row;
      await db.insertInto('release_canaries').values(row).onConflict((oc) => oc.column('remote').doUpdateSet(rest)).execute();
    },

    /**
     * Removes `remote`'s canary if it is still `version`: true when this call removed it, so of the processes that
     * judge, promote or abort it at once one alone goes on to record and tell.
     */
    async endCanary(remote: string, version: string): Promise<boolean> {
      const result = await db.deleteFrom('release_canaries').where('remote', '=', remote).where('version', '=', version).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Adds a batch of reports to the counts of `minute` (the minute it arrived): one upsert per remote and version,
     * adding to what other batches counted, in one transaction, in key order (two batches at once on PostgreSQL take
     * their rows' locks in the same order).
     */
    async addReports(lines: readonly ReleaseReportLine[], minute: Date): Promise<void> {
      const at = reportMinute(minute);
      const sums = new Map<string, { remote: string; version: string; counts: Record<CountColumn, number> }>();
      for (const line of lines) {
        const key = JSON.stringify([line.remote, line.version]);
        let sum = sums.get(key);
        if (!sum) {
          sum = { remote: line.remote, version: line.version, counts: { loads: 0, errors: 0, rejections: 0, panels: 0, chunks: 0, no_headings: 0 } };
          sums.set(key, sum);
        }
        sum.counts[COLUMN_OF[line.kind]] += line.count;
      }
      if (sums.size === 0) return;
      const ordered = [...sums.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, sum]) => sum);
      await db.transaction().execute(async (trx) => {
        for (const { remote, version, counts } of ordered) {
          const added = Object.fromEntries(
            KINDS.map((kind) => COLUMN_OF[kind]).map((column) => [column, sql<number>`${sql.ref(`release_reports.${column}`)} + ${counts[column]}`]),
          ) as Record<CountColumn, ReturnType<typeof sql<number>>>;
          await trx
            .insertInto('release_reports')
            .values({ remote, version, minute: at, ...counts })
            .onConflict((oc) => oc.columns(['remote', 'version', 'minute']).doUpdateSet(added))
            .execute();
        }
      });
    },

    /** The counts by kind of each of `versions` of `remote` from the minute `since` falls in on. */
    async tallies(remote: string, versions: readonly string[], since: Date): Promise<Record<string, Partial<Record<ReleaseReportKind, number>>>> {
      const found: Record<string, Partial<Record<ReleaseReportKind, number>>> = {};
      if (versions.length === 0) return found;
      const rows = await db
        .selectFrom('release_reports')
        .select((eb) => [
          'version',
          ...KINDS.map((kind) => eb.fn.sum<number | string>(COLUMN_OF[kind]).as(COLUMN_OF[kind])),
        ])
        .where('remote', '=', remote)
        .where('version', 'in', [...versions])
        .where('minute', '>=', reportMinute(since))
        .groupBy('version')
        .execute();
      for (const row of rows) {
        const counts = row as unknown as Record<CountColumn, number | string | null>;
        found[row.version] = Object.fromEntries(KINDS.map((kind) => [kind, Number(counts[COLUMN_OF[kind]] ?? 0)]));
      }
      return found;
    },

    /** Every remote's and version's minutes from the minute `since` falls in on, oldest first: loads and failures. */
    async minutes(since: Date): Promise<ReleaseMinuteRow[]> {
      const rows = await db
        .selectFrom('release_reports')
        .select(['remote', 'version', 'minute', 'loads', sql<number>`${sql.join(FAILURE_COLUMNS.map((column) => sql.ref(column)), sql` + `)}`.as('failures')])
        .where('minute', '>=', reportMinute(since))
        .orderBy('minute')
        .orderBy('remote')
        .orderBy('version')
        .execute();
      return rows.map((row) => ({ ...row, loads: Number(row.loads), failures: Number(row.failures) }));
    },

    /** Writes one line of the deploy log. */
    async log(line: ReleaseLogRecord): Promise<void> {
      await db.insertInto('release_log').values(line).execute();
    },

    /** The deploy log's last `limit` lines, newest first. */
    async recentLog(limit: number): Promise<ReleaseLogLine[]> {
      const rows = await db
        .selectFrom('release_log')
        .select(['at', 'by', 'remote', 'action', 'version', 'reason'])
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      // A line of an action this version does not know (a newer deploy script's) is left out, not a failed answer.
      return rows.flatMap(({ action, ...row }) => (isReleaseAction(action) ? [{ ...row, action }] : []));
    },

    /** Removes the counts of the minutes before `before`; answers how many rows. */
    async pruneReports(before: Date): Promise<number> {
      const result = await db.deleteFrom('release_reports').where('minute', '<', reportMinute(before)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
