import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './migration-helpers';

// The change counter on PostgreSQL (docs/decisions/0017-read-your-writes-by-change-sequence.md): every process and
// machine on the database numbers its published changes from this one sequence. It starts at the time of this
// migration in microseconds, as the counter of a one-machine start does, so that a browser which saw a number
// under another start never names one far above this counter. SQLite needs none: one machine's primary counts.

export function changeSequence(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`create sequence portal_change_seq start with ${sql.lit(Date.now() * 1000)}`.execute(db);
    },
    async down(db: AnyDb) {
      if (dialect !== 'postgres') return;
      await sql`drop sequence portal_change_seq`.execute(db);
    },
  };
}
