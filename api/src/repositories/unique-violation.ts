/** The database refused a duplicate of a unique index: PostgreSQL 23505, SQLite's UNIQUE constraint. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
