/**
 * Whether an error says the database cannot be reached or cannot take the request right now, rather than that the
 * request or the code is wrong: the error handler answers such a failure 503 with Retry-After, not 500
 * (docs/architecture.md#a-database-outage). The same request is expected to succeed once the database is back.
 */

/** Socket failures on the way to PostgreSQL: refused while it is down, reset when it stops, no route to it. */
const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up, shutting
 * down, in recovery), 53300 too many connections. Class 08 (connection exceptions) is matched by its prefix.
 */
const POSTGRES_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * SQLite: SQLITE_BUSY (another process held the write lock for all of busy_timeout), SQLITE_FULL (the disk is
 * full), SQLITE_IOERR_* (the disk failed a read or write) and SQLITE_READONLY_* (the file or its file system
 * refuses writes, as after a remount read-only on disk errors). Each is the storage's state, not the request's, and
 * clears without a change of code. SQLITE_CORRUPT, SQLITE_CONSTRAINT and the like stay 500 or their own answers.
 */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_IOERR', 'SQLITE_READONLY'] as const;
const SQLITE_CODES: ReadonlySet<string> = new Set(['SQLITE_FULL']);

/** node-postgres reports a lost or never-made connection in the message only, without a code. */
const POSTGRES_CLIENT_MESSAGES = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
] as const;

function codeSaysUnavailable(code: string): boolean {
  return NETWORK_CODES.has(code)
    || POSTGRES_CODES.has(code)
    || /^08[0-9A-Z]{3}$/.test(code)
    || SQLITE_CODES.has(code)
    || SQLITE_PREFIXES.some((prefix) => code === prefix || code.startsWith(`${prefix}_`));
}

/**
 * True for a database-unavailable failure, looking through `cause` and an AggregateError's `errors` (Node reports a
 * refused connection to a name with several addresses as one AggregateError of the attempts).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && codeSaysUnavailable(code)) return true;
  if (typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.some((known) => message.startsWith(known))) return true;
  if (cause !== undefined && isDatabaseUnavailable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
}
