import { sql, type Migration } from 'kysely';
import { sqliteTicketAndNoteIndexes, TOKENIZE, words } from './migration-0018-full-text-search';
import type { AnyDb, DialectName } from './migration-helpers';

// Search in a client's scope and newest first on PostgreSQL (docs/product/search.md#how-it-is-kept). GIN
// answers "which rows match" but not "the newest": a word in 2% of five million notes would gather
// 100,000 of them to keep a thousand. So each side-table row (migration 0018) also carries:
// - its company, as a column with a (company_id, key) index (a walk of one company's newest rows) and as
//   the lexeme `$c<company>` in its vector (the index narrows to a client's companies itself);
// - its stretch of keys, the lexeme `$b<key / 65536>` (a bucket): the index is asked one bucket at a time,
//   newest first, until enough rows matched.
// Typed words are letters and digits only (readSearchText), so no typed prefix reaches a `$` lexeme.
// - And every word indexed, once, in search_words: a typed prefix is turned into the words it starts, since
//   GIN reads every posting of a prefix (`checkout:*`) before it can skip, and skips through exact words.
// SQLite: FTS5 walks its rowids newest first already, but a client's search tested every match's company
// through two joins. Its tickets' and notes' tables become contentless (snippets are cut from the rows
// themselves, @portal/domain markSnippet) with a `scope` column holding `c<company>`: a client's query
// asks for its companies in the index, and typed words are matched in the text columns only.

/** Keys per bucket lexeme (a power of two: the bucket of a key is key >> BUCKET_BITS). */
export const SEARCH_BUCKET_BITS = 16;

/** The scope lexemes of a row (SQL of its company and key): its company and its bucket. */
export const scope = (company: string, key: string) =>
  `array_to_tsvector(array['$c' || (${company})::text, '$b' || ((${key}) >> ${SEARCH_BUCKET_BITS})::text])`;

export const ticketVector = (row: string) => `${words(`${row}.title || ' ' || ${row}.description`)} || ${scope(`${row}.company_id`, `${row}.ticket_id`)}`;
export const noteVector = (row: string, company: string) => `${words(`${row}.note`)} || ${scope(company, `${row}.activity_id`)}`;

/** Every word the side tables hold, into search_words. */
export const FILL_SEARCH_WORDS = `insert into search_words (word) select word from (
    select unnest(tsvector_to_array(search_vector)) as word from tickets_search
    union select unnest(tsvector_to_array(search_vector)) from activity_search) words
  where word not like '$%' on conflict do nothing`;

/** In a trigger: the words of `vector` into search_words (a word once; never removed: a word no row holds finds nothing). */
const keepWords = `insert into search_words (word) select word from unnest(tsvector_to_array(vector)) as word
    where word not like '$%' on conflict do nothing;`;

/** The vectors a side-table row gets (this migration's, or a later one's with more scope lexemes). */
export interface SearchVectors {
  ticket: (row: string) => string;
  note: (row: string, company: string) => string;
}

/**
 * The triggers' functions and the tickets trigger (on title, description and company), for `vectors`: a ticket's row,
 * a note's row with its ticket's company, a moved ticket's notes rescoped, and every new word into search_words.
 */
export function keepFunctions(vectors: SearchVectors): string[] {
  return [
    `create or replace function tickets_search_keep() returns trigger language plpgsql as $$
    declare vector tsvector := ${vectors.ticket('new')};
    begin
    insert into tickets_search (ticket_id, company_id, title_vector, search_vector)
    values (new.ticket_id, new.company_id, ${words('new.title')}, vector)
    on conflict (ticket_id) do update set company_id = excluded.company_id, title_vector = excluded.title_vector,
      search_vector = excluded.search_vector;
    ${keepWords}
    if tg_op = 'UPDATE' and new.company_id is distinct from old.company_id then
      update activity_search s set company_id = new.company_id, search_vector = ${vectors.note('a', 'new.company_id')}
      from activity a where a.activity_id = s.activity_id and a.ticket_id = new.ticket_id;
    end if;
    return null; end $$`,
    'drop trigger tickets_search_update on tickets',
    'create trigger tickets_search_update after update of title, description, company_id on tickets for each row execute function tickets_search_keep()',
    `create or replace function activity_search_keep() returns trigger language plpgsql as $$
    declare company integer := (select company_id from tickets where ticket_id = new.ticket_id);
    vector tsvector := ${vectors.note('new', 'company')};
    begin
    insert into activity_search (activity_id, ticket_id, company_id, search_vector)
    values (new.activity_id, new.ticket_id, company, vector)
    on conflict (activity_id) do update set ticket_id = excluded.ticket_id, company_id = excluded.company_id,
      search_vector = excluded.search_vector;
    ${keepWords}
    return null; end $$`,
  ];
}

async function postgresUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('alter table tickets_search add column company_id integer');
  await run('alter table activity_search add column company_id integer');
  await run(`update tickets_search s set company_id = t.company_id, search_vector = ${ticketVector('t')} from tickets t where t.ticket_id = s.ticket_id`);
  await run(`update activity_search s set company_id = t.company_id, search_vector = ${noteVector('a', 't.company_id')}
    from activity a join tickets t on t.ticket_id = a.ticket_id where a.activity_id = s.activity_id`);
  await run('alter table tickets_search alter column company_id set not null');
  await run('alter table activity_search alter column company_id set not null');
  await run('create index tickets_search_company on tickets_search (company_id, ticket_id)');
  await run('create index activity_search_company on activity_search (company_id, activity_id)');
  await run('create table search_words (word text collate "C" primary key)');
  await run(FILL_SEARCH_WORDS);

  for (const statement of keepFunctions({ ticket: ticketVector, note: noteVector })) await run(statement);
  await run('analyze tickets_search');
  await run('analyze activity_search');
}

async function postgresDown(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`create or replace function tickets_search_keep() returns trigger language plpgsql as $$ begin
    insert into tickets_search (ticket_id, title_vector, search_vector)
    values (new.ticket_id, ${words('new.title')}, ${words(`new.title || ' ' || new.description`)})
    on conflict (ticket_id) do update set title_vector = excluded.title_vector, search_vector = excluded.search_vector;
    return null; end $$`);
  await run('drop trigger tickets_search_update on tickets');
  await run('create trigger tickets_search_update after update of title, description on tickets for each row execute function tickets_search_keep()');
  await run(`create or replace function activity_search_keep() returns trigger language plpgsql as $$ begin
    insert into activity_search (activity_id, ticket_id, search_vector) values (new.activity_id, new.ticket_id, ${words('new.note')})
    on conflict (activity_id) do update set ticket_id = excluded.ticket_id, search_vector = excluded.search_vector;
    return null; end $$`);
  await run(`update tickets_search s set search_vector = ${words(`t.title || ' ' || t.description`)} from tickets t where t.ticket_id = s.ticket_id`);
  await run(`update activity_search s set search_vector = ${words('a.note')} from activity a where a.activity_id = s.activity_id`);
  await run('alter table tickets_search drop column company_id');
  await run('alter table activity_search drop column company_id');
  await run('drop table search_words');
}

const SQLITE_TABLES = ['tickets', 'activity'];
const dropSqliteIndexes = async (db: AnyDb) => {
  for (const table of SQLITE_TABLES) {
    for (const event of ['insert', 'delete', 'update', 'company']) await sql.raw(`drop trigger if exists ${table}_fts_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
  }
};

async function sqliteUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await dropSqliteIndexes(db);
  const contentless = `content = '', contentless_delete = 1, ${TOKENIZE}`;
  const ticketScope = (row: string) => `'c' || ${row}.company_id`;
  const noteScope = (row: string) => `(select 'c' || company_id from tickets where ticket_id = ${row}.ticket_id)`;
  await run(`create virtual table tickets_fts using fts5(title, description, scope, ${contentless})`);
  await run(`create trigger tickets_fts_insert after insert on tickets begin
    insert into tickets_fts(rowid, title, description, scope) values (new.ticket_id, new.title, new.description, ${ticketScope('new')}); end`);
  await run(`create trigger tickets_fts_delete after delete on tickets begin delete from tickets_fts where rowid = old.ticket_id; end`);
  await run(`create trigger tickets_fts_update after update of title, description, company_id on tickets begin
    delete from tickets_fts where rowid = old.ticket_id;
    insert into tickets_fts(rowid, title, description, scope) values (new.ticket_id, new.title, new.description, ${ticketScope('new')}); end`);
  // A ticket moved to another company takes its notes along.
  await run(`create trigger activity_fts_company after update of company_id on tickets when old.company_id is not new.company_id begin
    delete from activity_fts where rowid in (select activity_id from activity where ticket_id = new.ticket_id);
    insert into activity_fts(rowid, note, scope) select activity_id, note, ${ticketScope('new')} from activity where ticket_id = new.ticket_id; end`);
  await run(`insert into tickets_fts(rowid, title, description, scope) select ticket_id, title, description, ${ticketScope('tickets')} from tickets`);

  await run(`create virtual table activity_fts using fts5(note, scope, ${contentless})`);
  await run(`create trigger activity_fts_insert after insert on activity begin
    insert into activity_fts(rowid, note, scope) values (new.activity_id, new.note, ${noteScope('new')}); end`);
  await run(`create trigger activity_fts_delete after delete on activity begin delete from activity_fts where rowid = old.activity_id; end`);
  await run(`create trigger activity_fts_update after update of note, ticket_id on activity begin
    delete from activity_fts where rowid = old.activity_id;
    insert into activity_fts(rowid, note, scope) values (new.activity_id, new.note, ${noteScope('new')}); end`);
  await run(`insert into activity_fts(rowid, note, scope) select a.activity_id, a.note, 'c' || t.company_id
    from activity a join tickets t on t.ticket_id = a.ticket_id`);
}

async function sqliteDown(db: AnyDb): Promise<void> {
  await dropSqliteIndexes(db);
  await sqliteTicketAndNoteIndexes(db);
}

export function searchScope(dialect: DialectName): Migration {
  return dialect === 'postgres' ? { up: postgresUp, down: postgresDown } : { up: sqliteUp, down: sqliteDown };
}
