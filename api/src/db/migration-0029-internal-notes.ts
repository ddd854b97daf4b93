import { sql, type Migration } from 'kysely';
import { words } from './migration-0018-full-text-search';
import { keepFunctions, SEARCH_BUCKET_BITS } from './migration-0022-search-scope';
import { noteVector as noteVector0023, ticketVector } from './migration-0023-search-company-buckets';
import type { AnyDb, DialectName } from './migration-helpers';

// Internal notes (docs/product/tickets.md#internal-notes): a note, and a file added with it, is public (0) or
// internal (1, the support team's only). A mail about an internal note (ticket_mail_ids.internal) is
// remembered, so a staff member's answer to it stays internal (mail in).
// Search: an internal note carries its company in the index as a staff-only scope, `s<company>` (SQLite's
// `scope` column) or `$s<company>` and `$s<company>b<bucket>` (PostgreSQL's lexemes) in place of the `c`
// ones (migrations 0022, 0023): a client's question names its companies' `c` scopes only, so the index
// itself never gives a client an internal note; staff ask without a scope, or a company's both.

/** The scope prefix of a note row (SQL): '$s' for an internal note, '$c' for a public one. */
const prefixOf = (row: string) => `(case when ${row}.internal = 1 then '$s' else '$c' end)`;

/** PostgreSQL: a note's words and scope lexemes (its company, its bucket, its company's bucket) from here on. */
export const noteVector = (row: string, company: string) => {
  const bucket = `((${row}.activity_id) >> ${SEARCH_BUCKET_BITS})::text`;
  return `${words(`${row}.note`)} || array_to_tsvector(array[${prefixOf(row)} || (${company})::text, '$b' || ${bucket},
    ${prefixOf(row)} || (${company})::text || 'b' || ${bucket}])`;
};

const addColumns = async (db: AnyDb) => {
  for (const table of ['activity', 'attachments', 'ticket_mail_ids']) {
    await db.schema.alterTable(table).addColumn('internal', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  }
};
const dropColumns = async (db: AnyDb) => {
  for (const table of ['activity', 'attachments', 'ticket_mail_ids']) await db.schema.alterTable(table).dropColumn('internal').execute();
};

async function postgresUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await addColumns(db);
  // Every note so far is public: its vector stays as it is.
  for (const statement of keepFunctions({ ticket: ticketVector, note: noteVector })) await run(statement);
  await run('drop trigger activity_search_update on activity');
  await run('create trigger activity_search_update after update of note, internal on activity for each row execute function activity_search_keep()');
}

async function postgresDown(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`update activity_search s set search_vector = ${noteVector0023('a', 's.company_id')} from activity a
    where a.activity_id = s.activity_id and a.internal = 1`);
  for (const statement of keepFunctions({ ticket: ticketVector, note: noteVector0023 })) await run(statement);
  await run('drop trigger activity_search_update on activity');
  await run('create trigger activity_search_update after update of note on activity for each row execute function activity_search_keep()');
  await dropColumns(db);
}

/** SQLite: the note's scope (SQL of its row): its ticket's company, staff-only for an internal note. */
const noteScope = (row: string, company: string) => `(case when ${row}.internal = 1 then 's' else 'c' end) || ${company}`;
const ticketCompany = (row: string) => `(select company_id from tickets where ticket_id = ${row}.ticket_id)`;

async function sqliteTriggers(db: AnyDb, scopeOf: (row: string, company: string) => string, watched: string): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const name of ['activity_fts_insert', 'activity_fts_update', 'activity_fts_company']) await run(`drop trigger if exists ${name}`);
  await run(`create trigger activity_fts_insert after insert on activity begin
    insert into activity_fts(rowid, note, scope) values (new.activity_id, new.note, ${scopeOf('new', ticketCompany('new'))}); end`);
  await run(`create trigger activity_fts_update after update of ${watched} on activity begin
    delete from activity_fts where rowid = old.activity_id;
    insert into activity_fts(rowid, note, scope) values (new.activity_id, new.note, ${scopeOf('new', ticketCompany('new'))}); end`);
  // A ticket moved to another company takes its notes along, each with its own visibility.
  await run(`create trigger activity_fts_company after update of company_id on tickets when old.company_id is not new.company_id begin
    delete from activity_fts where rowid in (select activity_id from activity where ticket_id = new.ticket_id);
    insert into activity_fts(rowid, note, scope) select activity_id, note, ${scopeOf('activity', 'new.company_id')}
      from activity where ticket_id = new.ticket_id; end`);
}

async function sqliteUp(db: AnyDb): Promise<void> {
  await addColumns(db);
  await sqliteTriggers(db, noteScope, 'note, ticket_id, internal');
}

async function sqliteDown(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`delete from activity_fts where rowid in (select activity_id from activity where internal = 1)`);
  await run(`insert into activity_fts(rowid, note, scope) select a.activity_id, a.note, 'c' || t.company_id
    from activity a join tickets t on t.ticket_id = a.ticket_id where a.internal = 1`);
  await sqliteTriggers(db, (_row, company) => `'c' || ${company}`, 'note, ticket_id');
  await dropColumns(db);
}

export function internalNotes(dialect: DialectName): Migration {
  return dialect === 'postgres' ? { up: postgresUp, down: postgresDown } : { up: sqliteUp, down: sqliteDown };
}
