import { markSnippet, rankNoteHits, rankTicketHits, SEARCH_RANKED_MAX, type SearchText } from '@portal/domain';
import { sql, type RawBuilder } from 'kysely';
import type { PortalDb } from '../db/connect';
import { isPostgres } from './dialect';

// Full-text search (docs/product/search.md): one repository, two dialects. SQLite asks its FTS5 tables,
// PostgreSQL its tsvector side tables (both kept by triggers, api/src/db/migration-0018-full-text-search.ts).
// The words reaching here are letters and digits only (readSearchText), and still travel as parameters.
// Tickets and notes: each engine finds the newest SEARCH_RANKED_MAX matches in the viewer's scope, and
// @portal/domain ranks them (the ticket named by number, then title matches, then open tickets, then
// the newest; docs/product/search.md#ranking), so both dialects answer the same order.

export type FullTextSearchRepository = ReturnType<typeof createFullTextSearchRepository>;

/** Who may be found: every company (staff) or these companies only. */
export type SearchScope = { companyIds: readonly number[] | null };

export interface TicketFilters {
  statusIds?: readonly number[];
  companyId?: number;
  typeId?: number;
}

export interface SearchPage {
  limit: number;
  offset: number;
}

export interface TicketHitRow {
  ticket_id: number;
  title: string;
  status_id: number;
  priority_id: number;
  type_id: number;
  company_id: number;
  company_name: string;
  /** The description around the match, hits between SNIPPET_HIT_START and SNIPPET_HIT_END. */
  snippet: string;
}

export interface NoteHitRow {
  activity_id: number;
  ticket_id: number;
  title: string;
  status_id: number;
  priority_id: number;
  company_id: number;
  company_name: string;
  contact_name: string | null;
  date_created: string;
  snippet: string;
}

export interface CompanyHitRow {
  company_id: number;
  name: string;
  url: string | null;
}

export interface ContactHitRow {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  group_id: number;
  /** The first company the contact belongs to (its contacts page), if any. */
  company_id: number | null;
}

export interface Found<Row> {
  /** How many matched, counting at most SEARCH_RANKED_MAX for tickets and notes. */
  total: number;
  /** The count stopped at SEARCH_RANKED_MAX: more matched. */
  capped: boolean;
  rows: Row[];
}

/** PostgreSQL's walk of the newest rows in scope: its first stretch, and the most it goes before asking the GIN index. */
const WALK_FIRST_ROWS = 4000;
const WALK_MAX_ROWS = 60_000;

const ftsMatch = (words: readonly string[]) => words.map((word) => `"${word}"*`).join(' AND ');
const tsMatch = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

const ids = (values: readonly number[]) => sql.join(values.map((value) => sql`${value}`));

function ticketWhere(scope: SearchScope, filters: TicketFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (scope.companyIds) conditions.push(scope.companyIds.length ? sql`t.company_id in (${ids(scope.companyIds)})` : sql`1 = 0`);
  if (filters.statusIds?.length) conditions.push(sql`t.status_id in (${ids(filters.statusIds)})`);
  if (filters.companyId !== undefined) conditions.push(sql`t.company_id = ${filters.companyId}`);
  if (filters.typeId !== undefined) conditions.push(sql`t.type_id = ${filters.typeId}`);
  return sql.join(conditions, sql` and `);
}


/** How far PostgreSQL walks the newest rows before it asks the GIN index (tests narrow it to reach every path). */
export interface WalkLimits { firstRows: number; maxRows: number }

export function createFullTextSearchRepository(db: PortalDb, limits: WalkLimits = { firstRows: WALK_FIRST_ROWS, maxRows: WALK_MAX_ROWS }) {
  const postgres = isPostgres(db);

  async function counted<Row>(count: RawBuilder<{ total: number | string }>, page: RawBuilder<Row>): Promise<Found<Row>> {
    const [total, rows] = await Promise.all([count.execute(db), page.execute(db)]);
    return { total: Number(total.rows[0]?.total ?? 0), capped: false, rows: rows.rows };
  }

  /**
   * PostgreSQL: the keys of the newest SEARCH_RANKED_MAX rows of `side` (tickets_search or activity_search)
   * matching `query` in the scope's companies. The GIN index answers "which rows match" but not "the newest
   * first": for a frequent word it would gather every match (hundreds of thousands of notes) to keep a
   * thousand. So the newest rows in scope are walked first, a few thousand, and the density of matches
   * there says how far a walk must go; only a word too rare for a bounded walk is looked up in the index.
   * Either way the answer is the same set: the newest matches.
   */
  async function newestMatches(side: 'tickets_search' | 'activity_search', query: string, companyIds: readonly number[] | null): Promise<number[]> {
    const key = sql.ref(side === 'tickets_search' ? 'ticket_id' : 'activity_id');
    const table = sql.table(side);
    const matches = sql`search_vector @@ to_tsquery('simple', ${query})`;
    const walk = async (rows: number) => {
      // Each company's rows newest first (its (company_id, key) index), merged: an ordered walk for any scope.
      const newest = companyIds === null
        ? sql`select ${key} as id, search_vector from ${table} order by ${key} desc limit ${rows}`
        : sql.join(companyIds.map((companyId) => sql`(select ${key} as id, search_vector from ${table} where company_id = ${companyId}
            order by ${key} desc limit ${rows})`), sql` union all `);
      const found = await sql<{ walked: number | string; ids: number[] }>`with walked as materialized (
          select id, search_vector from (${newest}) scoped order by id desc limit ${rows})
        select (select count(*) from walked) as walked,
          array(select id from walked where ${matches} order by id desc limit ${SEARCH_RANKED_MAX}) as ids`.execute(db);
      const row = found.rows[0]!;
      return { walked: Number(row.walked), ids: row.ids.map(Number) };
    };
    if (companyIds !== null && companyIds.length === 0) return [];
    const first = await walk(limits.firstRows);
    if (first.ids.length >= SEARCH_RANKED_MAX || first.walked < limits.firstRows) return first.ids;
    if (first.ids.length > 0) {
      const needed = Math.ceil((SEARCH_RANKED_MAX * limits.firstRows * 1.25) / first.ids.length);
      if (needed <= limits.maxRows) {
        const further = await walk(needed);
        if (further.ids.length >= SEARCH_RANKED_MAX || further.walked < needed) return further.ids;
      }
    }
    const scoped = companyIds === null ? sql`` : sql` and company_id in (${ids(companyIds)})`;
    const found = await sql<{ id: number }>`select ${key} as id from ${table} where ${matches}${scoped}
      order by ${key} desc limit ${SEARCH_RANKED_MAX}`.execute(db);
    return found.rows.map((row) => Number(row.id));
  }

  /** The companies a search may find in: the viewer's scope, narrowed by a company filter. */
  const companiesOf = (scope: SearchScope, filters: TicketFilters): readonly number[] | null => {
    if (filters.companyId === undefined) return scope.companyIds;
    return scope.companyIds === null || scope.companyIds.includes(filters.companyId) ? [filters.companyId] : [];
  };
  /** Status and type filters are columns of tickets: those searches join them as they match. */
  const walkable = (filters: TicketFilters) => !filters.statusIds?.length && filters.typeId === undefined;

  return {
    async tickets(text: SearchText, scope: SearchScope, filters: TicketFilters, page: SearchPage): Promise<Found<TicketHitRow>> {
      const where = ticketWhere(scope, filters);
      type Candidate = { ticket_id: number; title: string; status_id: number };
      // The newest SEARCH_RANKED_MAX matches in the viewer's scope (FTS5 walks its doclist backwards; PostgreSQL
      // picks the GIN index or the key's order), and the ticket named by number; ranked in @portal/domain.
      const newest = async (): Promise<{ rows: Candidate[] }> => {
        if (postgres && walkable(filters)) {
          const found = await newestMatches('tickets_search', tsMatch(text.words), companiesOf(scope, filters));
          if (found.length === 0) return { rows: [] };
          const rows = await sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets t where t.ticket_id in (${ids(found)})
            order by t.ticket_id desc`.execute(db);
          return rows;
        }
        return postgres
          ? sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets_search s join tickets t on t.ticket_id = s.ticket_id
              where s.search_vector @@ to_tsquery('simple', ${tsMatch(text.words)}) and ${where}
              order by s.ticket_id desc limit ${SEARCH_RANKED_MAX}`.execute(db)
          : sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets_fts f join tickets t on t.ticket_id = f.rowid
              where tickets_fts match ${ftsMatch(text.words)} and ${where}
              order by f.rowid desc limit ${SEARCH_RANKED_MAX}`.execute(db);
      };
      const [matches, named] = await Promise.all([
        text.words.length ? newest() : { rows: [] as Candidate[] },
        text.ticketNumber === null ? { rows: [] as Candidate[] }
          : sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets t where t.ticket_id = ${text.ticketNumber} and ${where}`.execute(db),
      ]);
      const candidates = [...named.rows, ...matches.rows.filter((row) => row.ticket_id !== text.ticketNumber)];
      const pageIds = rankTicketHits(candidates, text).slice(page.offset, page.offset + page.limit).map((row) => row.ticket_id);
      type Row = Omit<TicketHitRow, 'snippet'> & { description: string };
      const rows = pageIds.length === 0 ? [] : (await sql<Row>`select t.ticket_id, t.title, t.status_id, t.priority_id, t.type_id, t.company_id,
          c.name as company_name, t.description
        from tickets t join companies c on c.company_id = t.company_id where t.ticket_id in (${ids(pageIds)})`.execute(db)).rows;
      const byId = new Map(rows.map((row) => [Number(row.ticket_id), row]));
      return {
        total: candidates.length,
        capped: matches.rows.length >= SEARCH_RANKED_MAX,
        rows: pageIds.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          const { description, ...hit } = row;
          return [{ ...hit, snippet: text.words.length ? markSnippet(description, text.words) : description.slice(0, 160) }];
        }),
      };
    },

    async notes(text: SearchText, scope: SearchScope, filters: TicketFilters, page: SearchPage): Promise<Found<NoteHitRow>> {
      if (text.words.length === 0) return { total: 0, capped: false, rows: [] };
      const where = ticketWhere(scope, filters);
      type Candidate = { activity_id: number; status_id: number };
      const newest = async (): Promise<{ rows: Candidate[] }> => {
        if (postgres && walkable(filters)) {
          const found = await newestMatches('activity_search', tsMatch(text.words), companiesOf(scope, filters));
          if (found.length === 0) return { rows: [] };
          return sql<Candidate>`select a.activity_id, t.status_id from activity a join tickets t on t.ticket_id = a.ticket_id
            where a.activity_id in (${ids(found)}) order by a.activity_id desc`.execute(db);
        }
        return postgres
          ? sql<Candidate>`select s.activity_id, t.status_id from activity_search s join tickets t on t.ticket_id = s.ticket_id
              where s.search_vector @@ to_tsquery('simple', ${tsMatch(text.words)}) and ${where}
              order by s.activity_id desc limit ${SEARCH_RANKED_MAX}`.execute(db)
          : sql<Candidate>`select f.rowid as activity_id, t.status_id from activity_fts f join activity a on a.activity_id = f.rowid
              join tickets t on t.ticket_id = a.ticket_id
              where activity_fts match ${ftsMatch(text.words)} and ${where}
              order by f.rowid desc limit ${SEARCH_RANKED_MAX}`.execute(db);
      };
      const candidates = (await newest()).rows.map((row) => ({ ...row, activity_id: Number(row.activity_id) }));
      const pageIds = rankNoteHits(candidates).slice(page.offset, page.offset + page.limit).map((row) => row.activity_id);
      type Row = Omit<NoteHitRow, 'snippet'> & { note: string };
      const rows = pageIds.length === 0 ? [] : (await sql<Row>`select a.activity_id, a.ticket_id, t.title, t.status_id, t.priority_id, t.company_id,
          c.name as company_name, a.contact_name, a.date_created, a.note
        from activity a join tickets t on t.ticket_id = a.ticket_id join companies c on c.company_id = t.company_id
        where a.activity_id in (${ids(pageIds)})`.execute(db)).rows;
      const byId = new Map(rows.map((row) => [Number(row.activity_id), row]));
      return {
        total: candidates.length,
        capped: candidates.length >= SEARCH_RANKED_MAX,
        rows: pageIds.flatMap((id) => {
          const row = byId.get(id);
          if (!row) return [];
          const { note, ...hit } = row;
          return [{ ...hit, snippet: markSnippet(note, text.words) }];
        }),
      };
    },

    async companies(text: SearchText, page: SearchPage): Promise<Found<CompanyHitRow>> {
      if (text.words.length === 0) return { total: 0, capped: false, rows: [] };
      const hits = postgres
        ? sql`(select company_id as id from companies_search where search_vector @@ to_tsquery('simple', ${tsMatch(text.words)})) hits`
        : sql`(select rowid as id from companies_fts where companies_fts match ${ftsMatch(text.words)}) hits`;
      const from = sql`${hits} join companies c on c.company_id = hits.id`;
      return counted(
        sql<{ total: number }>`select count(*) as total from ${from}`,
        sql<CompanyHitRow>`select c.company_id, c.name, c.url from ${from} order by c.name, c.company_id limit ${page.limit} offset ${page.offset}`,
      );
    },

    async contacts(text: SearchText, page: SearchPage): Promise<Found<ContactHitRow>> {
      if (text.words.length === 0) return { total: 0, capped: false, rows: [] };
      const hits = postgres
        ? sql`(select contact_id as id from contacts_search where search_vector @@ to_tsquery('simple', ${
          text.phoneDigits ? `(${tsMatch(text.words)}) | ${text.phoneDigits}:*` : tsMatch(text.words)})) hits`
        : sql`(select rowid as id from contacts_fts where contacts_fts match ${
          text.phoneDigits ? `(${ftsMatch(text.words)}) OR phone : "${text.phoneDigits}"*` : ftsMatch(text.words)}) hits`;
      const from = sql`${hits} join contacts p on p.contact_id = hits.id where p.active = 1`;
      return counted(
        sql<{ total: number }>`select count(*) as total from ${from}`,
        sql<ContactHitRow>`select p.contact_id, p.first_name, p.last_name, p.email, p.phone, p.group_id,
          (select min(cc.company_id) from company_contacts cc where cc.contact_id = p.contact_id) as company_id from ${from}
          order by p.last_name, p.first_name, p.contact_id limit ${page.limit} offset ${page.offset}`,
      );
    },
  };
}
