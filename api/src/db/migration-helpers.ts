import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

export type AnyDb = Kysely<unknown>;

/**
 * Migrations are written with the schema builder so one migration runs on both dialects. The only
 * dialect switch is the auto-increment key: SQLite wants INTEGER PRIMARY KEY AUTOINCREMENT,
 * PostgreSQL serial.
 */
export function withId<T extends string>(dialect: DialectName, table: CreateTableBuilder<T, never>, column: string) {
  return dialect === 'postgres'
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement());
}

export const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
