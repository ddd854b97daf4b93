import { sql, type Migration } from 'kysely';
import { words } from './migration-0018-full-text-search';
import type { AnyDb, DialectName } from './migration-helpers';

// Search in a client's scope and newest first (docs/product/search.md#how-it-is-kept). PostgreSQL's side
// tables (migration 0018) learn each row's company, kept by the same triggers (and by a ticket moving to
// another company), with a (company_id, key) index: a client's search walks its own companies' rows
// newest first, and the company test needs no join. SQLite's FTS5 tables walk their own rowids newest
// first already and join their rows by key: nothing changes there.

async function postgresUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run('alter table tickets_search add column company_id integer');
  await run('alter table activity_search add column company_id integer');
  await run('update tickets_search s set company_id = t.company_id from tickets t where t.ticket_id = s.ticket_id');
  await run('update activity_search s set company_id = t.company_id from tickets t where t.ticket_id = s.ticket_id');
  await run('alter table tickets_search alter column company_id set not null');
  await run('alter table activity_search alter column company_id set not null');
  await run('create index tickets_search_company on tickets_search (company_id, ticket_id)');
  await run('create index activity_search_company on activity_search (company_id, activity_id)');

  await run(`create or replace function tickets_search_keep() returns trigger language plpgsql as $$ begin
    insert into tickets_search (ticket_id, company_id, title_vector, search_vector)
    values (new.ticket_id, new.company_id, ${words('new.title')}, ${words(`new.title || ' ' || new.description`)})
    on conflict (ticket_id) do update set company_id = excluded.company_id, title_vector = excluded.title_vector,
      search_vector = excluded.search_vector;
    if tg_op = 'UPDATE' and new.company_id is distinct from old.company_id then
      update activity_search set company_id = new.company_id where ticket_id = new.ticket_id;
    end if;
    return null; end $$`);
  await run('drop trigger tickets_search_update on tickets');
  await run('create trigger tickets_search_update after update of title, description, company_id on tickets for each row execute function tickets_search_keep()');
  await run(`create or replace function activity_search_keep() returns trigger language plpgsql as $$ begin
    insert into activity_search (activity_id, ticket_id, company_id, search_vector)
    values (new.activity_id, new.ticket_id, (select company_id from tickets where ticket_id = new.ticket_id), ${words('new.note')})
    on conflict (activity_id) do update set ticket_id = excluded.ticket_id, company_id = excluded.company_id,
      search_vector = excluded.search_vector;
    return null; end $$`);
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
  await run('alter table tickets_search drop column company_id');
  await run('alter table activity_search drop column company_id');
}

export function searchScope(dialect: DialectName): Migration {
  return dialect === 'postgres' ? { up: postgresUp, down: postgresDown } : { up: async () => {}, down: async () => {} };
}
