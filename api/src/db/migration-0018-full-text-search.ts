import { sql, type Migration } from 'kysely';
import type { AnyDb, DialectName } from './migration-helpers';

// Search (docs/product/search.md#how-it-is-kept): the database's own full-text index, on both dialects,
// kept by triggers so every write that changes a ticket, a note, a company or a contact is
// findable in the same transaction. Both dialects see the same words: letters and digits, lower case,
// everything else a separator, no stemming; a phone number is also indexed as its digits (and its last
// ten digits, the number without a country code) so it is found in any formatting.

/** SQLite: the digits of `column` (the punctuation phone numbers are written with removed). */
const sqliteDigits = (column: string) =>
  ["' '", "'-'", "'('", "')'", "'+'", "'.'", "'/'"].reduce((inner, character) => `replace(${inner}, ${character}, '')`, `coalesce(${column}, '')`);

const sqliteContactText = (row: 'new' | 'old') => {
  const digits = sqliteDigits(`${row}.phone`);
  return `${row}.contact_id, ${row}.first_name || ' ' || ${row}.last_name, ${row}.email, coalesce(${row}.phone, '') || ' ' || ${digits} || ' ' || substr(${digits}, -10)`;
};

export const TOKENIZE = `tokenize = "unicode61 remove_diacritics 0", prefix = '2 3'`;

/** SQLite: the tickets' and notes' tables of 0018 (also how 0022's down puts them back). */
export async function sqliteTicketAndNoteIndexes(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  // Tickets and notes: external-content tables over their own rows (the text is stored once).
  await run(`create virtual table tickets_fts using fts5(title, description, content = 'tickets', content_rowid = 'ticket_id', ${TOKENIZE})`);
  await run(`create trigger tickets_fts_insert after insert on tickets begin
    insert into tickets_fts(rowid, title, description) values (new.ticket_id, new.title, new.description); end`);
  await run(`create trigger tickets_fts_delete after delete on tickets begin
    insert into tickets_fts(tickets_fts, rowid, title, description) values ('delete', old.ticket_id, old.title, old.description); end`);
  await run(`create trigger tickets_fts_update after update of title, description on tickets begin
    insert into tickets_fts(tickets_fts, rowid, title, description) values ('delete', old.ticket_id, old.title, old.description);
    insert into tickets_fts(rowid, title, description) values (new.ticket_id, new.title, new.description); end`);
  await run(`insert into tickets_fts(tickets_fts) values ('rebuild')`);

  await run(`create virtual table activity_fts using fts5(note, content = 'activity', content_rowid = 'activity_id', ${TOKENIZE})`);
  await run(`create trigger activity_fts_insert after insert on activity begin
    insert into activity_fts(rowid, note) values (new.activity_id, new.note); end`);
  await run(`create trigger activity_fts_delete after delete on activity begin
    insert into activity_fts(activity_fts, rowid, note) values ('delete', old.activity_id, old.note); end`);
  await run(`create trigger activity_fts_update after update of note on activity begin
    insert into activity_fts(activity_fts, rowid, note) values ('delete', old.activity_id, old.note);
    insert into activity_fts(rowid, note) values (new.activity_id, new.note); end`);
  await run(`insert into activity_fts(activity_fts) values ('rebuild')`);
}

async function sqliteUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await sqliteTicketAndNoteIndexes(db);

  await run(`create virtual table companies_fts using fts5(name, url, content = 'companies', content_rowid = 'company_id', ${TOKENIZE})`);
  await run(`create trigger companies_fts_insert after insert on companies begin
    insert into companies_fts(rowid, name, url) values (new.company_id, new.name, new.url); end`);
  await run(`create trigger companies_fts_delete after delete on companies begin
    insert into companies_fts(companies_fts, rowid, name, url) values ('delete', old.company_id, old.name, old.url); end`);
  await run(`create trigger companies_fts_update after update of name, url on companies begin
    insert into companies_fts(companies_fts, rowid, name, url) values ('delete', old.company_id, old.name, old.url);
    insert into companies_fts(rowid, name, url) values (new.company_id, new.name, new.url); end`);
  await run(`insert into companies_fts(companies_fts) values ('rebuild')`);

  // Contacts: the indexed text is not a column (the phone's digits), so the table keeps its own copy.
  await run(`create virtual table contacts_fts using fts5(name, email, phone, ${TOKENIZE})`);
  await run(`create trigger contacts_fts_insert after insert on contacts begin
    insert into contacts_fts(rowid, name, email, phone) values (${sqliteContactText('new')}); end`);
  await run(`create trigger contacts_fts_delete after delete on contacts begin
    delete from contacts_fts where rowid = old.contact_id; end`);
  await run(`create trigger contacts_fts_update after update of first_name, last_name, email, phone on contacts begin
    delete from contacts_fts where rowid = old.contact_id;
    insert into contacts_fts(rowid, name, email, phone) values (${sqliteContactText('new')}); end`);
  await run(`insert into contacts_fts(rowid, name, email, phone) select ${sqliteContactText('new').replaceAll('new.', 'new_contact.')}
    from contacts as new_contact`);
}

async function sqliteDown(db: AnyDb): Promise<void> {
  for (const table of ['tickets', 'activity', 'companies', 'contacts']) {
    for (const event of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists ${table}_fts_${event}`).execute(db);
    await sql.raw(`drop table if exists ${table}_fts`).execute(db);
  }
}

/** PostgreSQL: the words of a text expression, as the SQLite tokenizer reads them. */
export const words = (expression: string) => `to_tsvector('simple', regexp_replace(${expression}, '[^[:alnum:]]+', ' ', 'g'))`;
const pgDigits = `regexp_replace(coalesce(new.phone, ''), '[^0-9]+', '', 'g')`;

/**
 * One PostgreSQL side table per searched table: `key` names the row, `vectors` the tsvector columns and
 * how each is computed from NEW. The base tables stay as they were (their reads select every column),
 * a trigger keeps the side table in the writing statement's transaction, and deleting a row deletes
 * its entry through the foreign key. Existing rows are indexed by the migration.
 */
interface SideTable { table: string; key: string; watched: string[]; extra?: Record<string, string>; vectors: Record<string, string> }

const SIDE_TABLES: SideTable[] = [
  {
    table: 'tickets', key: 'ticket_id', watched: ['title', 'description'],
    vectors: { title_vector: words('new.title'), search_vector: words(`new.title || ' ' || new.description`) },
  },
  { table: 'activity', key: 'activity_id', watched: ['note'], extra: { ticket_id: 'new.ticket_id' }, vectors: { search_vector: words('new.note') } },
  { table: 'companies', key: 'company_id', watched: ['name', 'url'], vectors: { search_vector: words(`new.name || ' ' || coalesce(new.url, '')`) } },
  {
    table: 'contacts', key: 'contact_id', watched: ['first_name', 'last_name', 'email', 'phone'],
    vectors: {
      search_vector: words(`new.first_name || ' ' || new.last_name || ' ' || new.email || ' ' || coalesce(new.phone, '') || ' ' || ${pgDigits} || ' ' || right(${pgDigits}, 10)`),
    },
  },
];

async function postgresUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const side of SIDE_TABLES) {
    const name = `${side.table}_search`;
    const extra = side.extra ?? {};
    const columns = [side.key, ...Object.keys(extra), ...Object.keys(side.vectors)];
    const values = [`new.${side.key}`, ...Object.values(extra), ...Object.values(side.vectors)];
    const extraColumns = Object.keys(extra).map((column) => `, ${column} integer not null`).join('');
    const vectorColumns = Object.keys(side.vectors).map((column) => `, ${column} tsvector not null`).join('');
    await run(`create table ${name} (${side.key} integer primary key references ${side.table}(${side.key}) on delete cascade${extraColumns}${vectorColumns})`);
    await run(`create index ${name}_vector on ${name} using gin (search_vector)`);
    const updates = columns.slice(1).map((column) => `${column} = excluded.${column}`).join(', ');
    await run(`create function ${name}_keep() returns trigger language plpgsql as $$ begin
      insert into ${name} (${columns.join(', ')}) values (${values.join(', ')})
      on conflict (${side.key}) do update set ${updates};
      return null; end $$`);
    await run(`create trigger ${name}_insert after insert on ${side.table} for each row execute function ${name}_keep()`);
    await run(`create trigger ${name}_update after update of ${side.watched.join(', ')} on ${side.table} for each row execute function ${name}_keep()`);
    await run(`insert into ${name} (${columns.join(', ')}) select ${values.map((value) => value.replaceAll('new.', 'base.')).join(', ')} from ${side.table} as base`);
  }
}

async function postgresDown(db: AnyDb): Promise<void> {
  for (const side of SIDE_TABLES) {
    const name = `${side.table}_search`;
    await sql.raw(`drop trigger if exists ${name}_insert on ${side.table}`).execute(db);
    await sql.raw(`drop trigger if exists ${name}_update on ${side.table}`).execute(db);
    await sql.raw(`drop function if exists ${name}_keep()`).execute(db);
    await sql.raw(`drop table if exists ${name}`).execute(db);
  }
}

export function fullTextSearch(dialect: DialectName): Migration {
  return dialect === 'postgres' ? { up: postgresUp, down: postgresDown } : { up: sqliteUp, down: sqliteDown };
}
