import { CompiledQuery, type Compilable } from 'kysely';
import type { PortalDb } from './connect';

// A query on the hot path built and compiled once (docs/architecture.md#sessions-in-memory): kysely builds
// and compiles every query anew (operation nodes, frozen objects, a visitor per node), which cost more than
// SQLite's own indexed lookup in a CPU profile of the safety-net polls (each one reads its session). The SQL
// text never changes, so better-sqlite3 keeps its statement (connect.ts) and PostgreSQL gets the same text.

const MARKER = '\u0000prepared:';

/**
 * `build` is called once with `value`, which stands for a named value in the query (give it where a value
 * goes: a comparison's right side, a limit); every other parameter (a constant in the query) is kept as
 * compiled. The answer runs the query with the named values and answers its rows.
 */
export function prepared<Name extends string, Row>(
  db: PortalDb,
  build: (value: (name: Name) => never) => Compilable<Row>,
): (values: Record<Name, unknown>) => Promise<Row[]> {
  const compiled = build((name) => `${MARKER}${name}` as never).compile();
  const slots: ({ name: Name } | { constant: unknown })[] = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' && parameter.startsWith(MARKER) ? { name: parameter.slice(MARKER.length) as Name } : { constant: parameter });
  return async (values) => {
    const parameters = slots.map((slot) => ('name' in slot ? values[slot.name] : slot.constant));
    return (await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters))).rows as Row[];
  };
}
