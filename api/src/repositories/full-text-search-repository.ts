import { markSnippet, rankNoteHits, rankTicketHits, SEARCH_RANKED_MAX, type SearchText } from '@portal/domain';
import { sql, type RawBuilder } from 'kysely';
import type { PortalDb } from '../db/connect';
import { SEARCH_BUCKET_BITS } from '../db/migration-0022-search-scope';
import { isPostgres } from './dialect';

// Full-text search (docs/product/search.md): one repository, two dialects. SQLite asks its FTS5 tables,
// PostgreSQL its tsvector side tables (both kept by triggers, api/src/db/migration-0018-full-text-search.ts).
// The words reaching here are letters and digits only (readSearchText), and still travel as parameters.
// Tickets and notes: each engine finds the newest SEARCH_RANKED_MAX matches in the viewer's scope, and
// @portal/domain ranks them (the ticket named by number, then title matches, then open tickets, then
// the newest; docs/product/search.md#ranking), so both dialects answer the same order.

export type FullTextSearchRepository = ReturnType<typeof createFullTextSearchRepository>;

/**
 * Who may be found: every company (staff) or these companies only; `internal`: internal notes too (staff); absent or
 * false, the public ones only (docs/product/tickets.md#internal-notes). An internal note is indexed under a staff-only scope
 * (migration 0029): a question without it never reaches one.
 */
export type SearchScope = { companyIds: readonly number[] | null; internal?: boolean };

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

/** PostgreSQL, staff: the walk of the newest rows, and the most matches it fetches from the index at once (newestMatches). */
const WALK_FIRST_ROWS = 4000;
const INDEX_AT_ONCE = 10_000;
/**
 * A client's search: the buckets its first question may go down (it stops at the matches needed, so a frequent
 * word reads one), and the most buckets the rest of the newest matches may take before the index is asked at once.
 */
const CLIENT_FIRST_BUCKETS = 8;
const CLIENT_BUCKETS_AT_MOST = 40;
const BUCKET_KEYS = 2 ** SEARCH_BUCKET_BITS;
/** A typed prefix is asked as the indexed words it starts (search_words), up to this many; beyond, as a prefix. */
const WORDS_PER_PREFIX = 64;
/** Sorts after every character (search_words is in byte order): `prefix` to `prefix + LAST` spans the words it starts. */
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

const ftsMatch = (words: readonly string[]) => words.map((word) => `"${word}"*`).join(' AND ');
/**
 * SQLite, tickets and notes: the typed words in the text columns, and the scope's companies in the index's
 * `scope` column (migration 0022), so a client's query never walks another company's matches.
 */
const scopedFtsMatch = (columns: string, words: readonly string[], companyIds: readonly number[] | null, prefixes: readonly string[] = ['c']) =>
  `{${columns}} : (${ftsMatch(words)})${companyIds === null ? '' : ` AND scope : (${
    companyIds.flatMap((id) => prefixes.map((prefix) => `"${prefix}${id}"`)).join(' OR ')})`}`;
/** The scopes of a company's notes a search reaches: its public notes' (`c`), and its internal notes' (`s`) for staff (migration 0029). */
const noteScopes = (scope: SearchScope): readonly string[] => (scope.internal === true ? ['c', 's'] : ['c']);
const tsMatch = (words: readonly string[]) => words.map((word) => `${word}:*`).join(' & ');

const ids = (values: readonly number[]) => sql.join(values.map((value) => sql`${value}`));
/** PostgreSQL: one of many keys as one array parameter (a thousand-item `in` list costs ~10 ms to plan and bind). */
const anyOf = (values: readonly number[]) => sql`any(${[...values]}::int[])`;

function ticketWhere(scope: SearchScope, filters: TicketFilters): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (scope.companyIds) conditions.push(scope.companyIds.length ? sql`t.company_id in (${ids(scope.companyIds)})` : sql`1 = 0`);
  if (filters.statusIds?.length) conditions.push(sql`t.status_id in (${ids(filters.statusIds)})`);
  if (filters.companyId !== undefined) conditions.push(sql`t.company_id = ${filters.companyId}`);
  if (filters.typeId !== undefined) conditions.push(sql`t.type_id = ${filters.typeId}`);
  return sql.join(conditions, sql` and `);
}


/** One of PostgreSQL's newest matches: its key, and the ticket it is or belongs to. */
interface Match { id: number; ticket: number }

/**
 * PostgreSQL's way to the newest matches (newestMatches): how many of the newest rows staff's search walks first,
 * up to how many expected matches it asks the index for all of them at once, how many typed-word expansions it
 * asks for, how many buckets a client's first question goes down, and how many more it asks before it asks the
 * index at once (tests narrow them to reach every path).
 */
export interface WalkLimits { firstRows: number; indexAtOnce: number; wordsPerPrefix: number; firstBuckets: number; bucketsAtMost: number }

const WALK_LIMITS: WalkLimits = {
  firstRows: WALK_FIRST_ROWS, indexAtOnce: INDEX_AT_ONCE, wordsPerPrefix: WORDS_PER_PREFIX,
  firstBuckets: CLIENT_FIRST_BUCKETS, bucketsAtMost: CLIENT_BUCKETS_AT_MOST,
};

export function createFullTextSearchRepository(db: PortalDb, limits: WalkLimits = WALK_LIMITS) {
  const postgres = isPostgres(db);

  async function counted<Row>(count: RawBuilder<{ total: number | string }>, page: RawBuilder<Row>): Promise<Found<Row>> {
    const [total, rows] = await Promise.all([count.execute(db), page.execute(db)]);
    return { total: Number(total.rows[0]?.total ?? 0), capped: false, rows: rows.rows };
  }

  /**
   * PostgreSQL: the keys (and tickets) of the newest SEARCH_RANKED_MAX rows of `side` (tickets_search or
   * activity_search) matching the typed words in the scope's companies (migration 0022 explains the side
   * tables' scope lexemes). Staff walk the newest rows first; a client asks the index through its companies'
   * buckets (migration 0023); either turns to the index at once for a word rare in the scope (newestMatches).
   * The index is asked for the words each typed word starts (typedQuery). Every way gives the same set: the
   * newest matches (migration-0022-search-scope.test.ts).
   */
  async function newestMatchesOf(
    side: 'tickets_search' | 'activity_search', words: readonly string[], companyIds: readonly number[] | null, prefixes: readonly string[] = ['c'],
  ) {
    return newestMatches(side, await typedQuery(words), companyIds, prefixes);
  }

  /**
   * PostgreSQL: the typed words as tsqueries. `exact`: the words each typed word starts, from search_words
   * (`(checkout | checkouts)`): GIN skips through exact words, while a prefix (`checkout:*`) makes it read
   * every posting of every word it starts. `broad`: the typed words that start more than wordsPerPrefix
   * words (a letter or two), kept as prefixes: the index is asked for the exact ones and these are tested
   * on the rows found, unless there is nothing else to ask it.
   */
  async function typedQuery(words: readonly string[]): Promise<{ exact: string[]; broad: string[] }> {
    const query = { exact: [] as string[], broad: [] as string[] };
    await Promise.all(words.map(async (word) => {
      if (limits.wordsPerPrefix <= 0) return query.broad.push(`${word}:*`);
      const found = await sql<{ word: string }>`select word from search_words where word >= ${word} and word < ${word + LAST_CHARACTER}
        order by word limit ${limits.wordsPerPrefix + 1}`.execute(db);
      if (found.rows.length > limits.wordsPerPrefix) return query.broad.push(`${word}:*`);
      // No indexed word starts with it: nothing matches (a word that never was is still asked for: it finds nothing).
      return query.exact.push(`(${[word, ...found.rows.map((row) => row.word)].map((lexeme) => `'${lexeme.replaceAll("'", "''")}'`).join(' | ')})`);
    }));
    return query;
  }

  async function newestMatches(
    side: 'tickets_search' | 'activity_search', query: { exact: string[]; broad: string[] }, companyIds: readonly number[] | null,
    prefixes: readonly string[],
  ): Promise<Match[]> {
    if (companyIds !== null && companyIds.length === 0) return [];
    const key = sql.ref(side === 'tickets_search' ? 'ticket_id' : 'activity_id');
    const table = sql.table(side);
    const matches = (rows: readonly { id: number | string; ticket: number | string }[]) => rows.map((row) => ({ id: Number(row.id), ticket: Number(row.ticket) }));
    // The broad words are tested on the rows the exact ones find (ts_match_vq: a function, which the planner
    // does not turn into an index condition). With no exact word, a client's bucket is asked alone and they are
    // tested on its rows; otherwise the index is asked for them (it reads every posting they start).
    const asked = (scoped: boolean): [string[], string[]] => (query.exact.length ? [query.exact, query.broad] : scoped ? [[], query.broad] : [query.broad, []]);
    const test = (tested: string[]) => (tested.length ? sql` and ts_match_vq(search_vector, ${tested.join(' & ')}::tsquery)` : sql``);

    // The index at once, or for one bucket of keys (`$b<bucket>`), in the scope's companies (`$c<company>`):
    // every match, newest first (a materialized set, so the planner reads the GIN index rather than walking
    // the key's order with a filter).
    const fromIndex = async (bucket: number | null, limit: number) => {
      const [words, tested] = asked(false);
      const lexemes = [...words, ...(bucket === null ? [] : [`'$b${bucket}'`]),
        ...(companyIds === null ? [] : [`(${companyIds.flatMap((companyId) => prefixes.map((prefix) => `'$${prefix}${companyId}'`)).join(' | ')})`])];
      return matches((await sql<{ id: number; ticket: number }>`with found as materialized (
          select ${key} as id, ticket_id as ticket from ${table} where search_vector @@ ${lexemes.join(' & ')}::tsquery${test(tested)})
        select id, ticket from found order by id desc limit ${limit}`.execute(db)).rows);
    };

    // A client: the index through the companies' own buckets (`$c<company>b<bucket>`, migration 0023: a few
    // thousand rows each), newest first from the scope's newest key, in one question that goes down the
    // buckets from `from` to `to` and stops at `limit` matches (where a walk of the newest rows in scope would
    // read each row's vector from all over the table). The first goes down firstBuckets buckets; the density
    // found there says how many more the rest takes: more than bucketsAtMost (a word rare in the scope, whose postings
    // are short), the index at once, whose answer is then the whole one; else up to that many more.
    if (companyIds !== null) {
      const newestKeys = sql.join(companyIds.map((companyId) => sql`(select ${key} as id from ${table}
        where company_id = ${companyId} order by ${key} desc limit 1)`), sql` union all `);
      const top = (await sql<{ top: number | string | null }>`select max(id) as top from (${newestKeys}) newest`.execute(db)).rows[0]?.top;
      if (top === null || top === undefined) return [];
      const [words, tested] = asked(true);
      const scope = `(${companyIds.flatMap((companyId) => prefixes.map((prefix) => `'$${prefix}${companyId}b#'`)).join(' | ')})`;
      const bucketQuery = words.length ? sql`(${words.join(' & ')}::tsquery && replace(${scope}, '#', b::text)::tsquery)` : sql`replace(${scope}, '#', b::text)::tsquery`;
      const fromBuckets = async (from: number, to: number, limit: number) => matches((await sql<{ id: number; ticket: number }>`
        select id, ticket from generate_series(${from}::int, ${to}::int, -1) b, lateral (
          select ${key} as id, ticket_id as ticket from ${table} where search_vector @@ ${bucketQuery}${test(tested)} order by ${key} desc
        ) found limit ${limit}`.execute(db)).rows);
      const found: Match[] = [];
      for (let next = Number(top) >> SEARCH_BUCKET_BITS, span = limits.firstBuckets; next >= 0 && found.length < SEARCH_RANKED_MAX;) {
        const last = Math.max(0, next - span + 1);
        found.push(...await fromBuckets(next, last, SEARCH_RANKED_MAX - found.length));
        next = last - 1;
        if (found.length >= SEARCH_RANKED_MAX || next < 0) break;
        const perBucket = (found.length / (Number(top) - last * BUCKET_KEYS + 1)) * BUCKET_KEYS;
        if (Math.min((SEARCH_RANKED_MAX - found.length) / perBucket, next + 1) > limits.bucketsAtMost) return fromIndex(null, SEARCH_RANKED_MAX);
        span = limits.bucketsAtMost;
      }
      return found;
    }

    // Staff: 1. `firstRows` rows, newest first, each tested as it passes: how many were walked, the newest and
    //    oldest key, the matches.
    const words = sql`${[...query.exact, ...query.broad].join(' & ')}::tsquery`;
    const walked = (await sql<{ walked: number | string; first: number | null; last: number | null; ids: number[] | null; tickets: number[] | null }>`
      select count(*) as walked, max(id) as first, min(id) as last,
        array_agg(id order by id desc) filter (where hit) as ids, array_agg(ticket order by id desc) filter (where hit) as tickets
      from (select ${key} as id, ticket_id as ticket, search_vector @@ ${words} as hit from ${table} order by ${key} desc limit ${limits.firstRows}) walked`
      .execute(db)).rows[0]!;
    const hits = matches((walked.ids ?? []).map((id, index) => ({ id, ticket: walked.tickets![index]! })));
    if (hits.length >= SEARCH_RANKED_MAX || Number(walked.walked) < limits.firstRows) return hits.slice(0, SEARCH_RANKED_MAX);
    const [first, last] = [Number(walked.first), Number(walked.last)];

    // 2. How many match in all, from the density so far (the walk's stretch of keys): a rare word, the index at
    //    once; a frequent one, the index one bucket of keys at a time, newest first, until enough matched (never
    //    gathering 100,000 matches to keep a thousand). A bucket's question reads every posting of a broad word:
    //    one question, not one per bucket, for those.
    const expected = (hits.length * first) / Math.max(1, first - last + 1);
    if (hits.length === 0 || expected <= limits.indexAtOnce || query.exact.length === 0) return fromIndex(null, SEARCH_RANKED_MAX);
    const found = [...hits];
    for (let bucket = last >> SEARCH_BUCKET_BITS; bucket >= 0 && found.length < SEARCH_RANKED_MAX; bucket -= 1) {
      for (const match of await fromIndex(bucket, SEARCH_RANKED_MAX)) if (match.id < last) found.push(match);
    }
    return found.slice(0, SEARCH_RANKED_MAX);
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
      const companies = companiesOf(scope, filters);
      const newest = async (): Promise<{ rows: Candidate[] }> => {
        if (companies?.length === 0) return { rows: [] };
        if (postgres && walkable(filters)) {
          const found = await newestMatchesOf('tickets_search', text.words, companies);
          if (found.length === 0) return { rows: [] };
          return sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets t where t.ticket_id = ${anyOf(found.map((match) => match.id))}
            order by t.ticket_id desc`.execute(db);
        }
        return postgres
          ? sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets_search s join tickets t on t.ticket_id = s.ticket_id
              where s.search_vector @@ to_tsquery('simple', ${tsMatch(text.words)}) and ${where}
              order by s.ticket_id desc limit ${SEARCH_RANKED_MAX}`.execute(db)
          : sql<Candidate>`select t.ticket_id, t.title, t.status_id from tickets_fts f join tickets t on t.ticket_id = f.rowid
              where tickets_fts match ${scopedFtsMatch('title description', text.words, companies)} and ${where}
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
      // The index leaves a client's question no internal note (its scope); every read of the rows says so again.
      const publicOnly = scope.internal === true ? sql`1 = 1` : sql`a.internal = 0`;
      type Candidate = { activity_id: number; status_id: number };
      const companies = companiesOf(scope, filters);
      const newest = async (): Promise<{ rows: Candidate[] }> => {
        if (companies?.length === 0) return { rows: [] };
        if (postgres && walkable(filters)) {
          const found = await newestMatchesOf('activity_search', text.words, companies, noteScopes(scope));
          if (found.length === 0) return { rows: [] };
          // The matches carry their tickets (the side table's ticket_id): only those tickets' statuses are read.
          const statuses = await sql<{ ticket_id: number; status_id: number }>`select ticket_id, status_id from tickets
            where ticket_id = ${anyOf([...new Set(found.map((match) => match.ticket))])}`.execute(db);
          const statusOf = new Map(statuses.rows.map((row) => [Number(row.ticket_id), row.status_id]));
          return { rows: found.flatMap((match) => (statusOf.has(match.ticket) ? [{ activity_id: match.id, status_id: statusOf.get(match.ticket)! }] : [])) };
        }
        return postgres
          ? sql<Candidate>`select s.activity_id, t.status_id from activity_search s join tickets t on t.ticket_id = s.ticket_id
              join activity a on a.activity_id = s.activity_id
              where s.search_vector @@ to_tsquery('simple', ${tsMatch(text.words)}) and ${where} and ${publicOnly}
              order by s.activity_id desc limit ${SEARCH_RANKED_MAX}`.execute(db)
          : sql<Candidate>`select f.rowid as activity_id, t.status_id from activity_fts f join activity a on a.activity_id = f.rowid
              join tickets t on t.ticket_id = a.ticket_id
              where activity_fts match ${scopedFtsMatch('note', text.words, companies, noteScopes(scope))} and ${where} and ${publicOnly}
              order by f.rowid desc limit ${SEARCH_RANKED_MAX}`.execute(db);
      };
      const candidates = (await newest()).rows.map((row) => ({ ...row, activity_id: Number(row.activity_id) }));
      const pageIds = rankNoteHits(candidates).slice(page.offset, page.offset + page.limit).map((row) => row.activity_id);
      type Row = Omit<NoteHitRow, 'snippet'> & { note: string };
      const rows = pageIds.length === 0 ? [] : (await sql<Row>`select a.activity_id, a.ticket_id, t.title, t.status_id, t.priority_id, t.company_id,
          c.name as company_name, a.contact_name, a.date_created, a.note
        from activity a join tickets t on t.ticket_id = a.ticket_id join companies c on c.company_id = t.company_id
        where a.activity_id in (${ids(pageIds)}) and ${publicOnly}`.execute(db)).rows;
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
