import { sql, type Migration } from 'kysely';
import { keepFunctions, noteVector as noteVector0022, SEARCH_BUCKET_BITS, ticketVector as ticketVector0022 } from './migration-0022-search-scope';
import type { AnyDb, DialectName } from './migration-helpers';

// A client's search, bucket by bucket, on PostgreSQL (docs/product/search.md#how-it-is-kept). Migration 0022
// asks the GIN index for `word & $b<bucket> & $c<company>`: the company's lexeme is in every row of the
// company (400,000 notes of the busiest of a 5M-note portal), and intersecting it with a common word's
// postings took tens of milliseconds per bucket. Each side-table row now also carries its company and
// bucket as one lexeme, `$c<company>b<bucket>`: a bucket of one company holds a few thousand rows, so a
// client's question per bucket reads a short list, and a prefix that starts too many words to ask the
// index for is tested on those rows instead. SQLite is unchanged (its FTS5 walks rowids newest first).

/** The lexeme of a company's bucket (SQL of its company and key). */
const companyBucket = (company: string, key: string) => `'$c' || (${company})::text || 'b' || ((${key}) >> ${SEARCH_BUCKET_BITS})::text`;

/** The vectors from this migration on: 0022's, and the company's bucket. */
export const ticketVector = (row: string) => `${ticketVector0022(row)} || array_to_tsvector(array[${companyBucket(`${row}.company_id`, `${row}.ticket_id`)}])`;
export const noteVector = (row: string, company: string) =>
  `${noteVector0022(row, company)} || array_to_tsvector(array[${companyBucket(company, `${row}.activity_id`)}])`;

async function postgresUp(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  await run(`update tickets_search set search_vector = search_vector || array_to_tsvector(array[${companyBucket('company_id', 'ticket_id')}])`);
  await run(`update activity_search set search_vector = search_vector || array_to_tsvector(array[${companyBucket('company_id', 'activity_id')}])`);
  for (const statement of keepFunctions({ ticket: ticketVector, note: noteVector })) await run(statement);
  await run('analyze tickets_search');
  await run('analyze activity_search');
}

async function postgresDown(db: AnyDb): Promise<void> {
  const run = (statement: string) => sql.raw(statement).execute(db);
  for (const statement of keepFunctions({ ticket: ticketVector0022, note: noteVector0022 })) await run(statement);
  await run(`update tickets_search set search_vector = ts_delete(search_vector, ${companyBucket('company_id', 'ticket_id')})`);
  await run(`update activity_search set search_vector = ts_delete(search_vector, ${companyBucket('company_id', 'activity_id')})`);
}

const unchanged = async () => undefined;

export function searchCompanyBuckets(dialect: DialectName): Migration {
  return dialect === 'postgres' ? { up: postgresUp, down: postgresDown } : { up: unchanged, down: unchanged };
}
