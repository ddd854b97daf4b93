import type { MetaEntry } from '@portal/contract';

/** Meta keys that hold secrets (one-time codes): stored, never answered. */
const SECRET_META_KEYS = new Set(['reset_code', 'verification_code', 'password', 'password_hash']);

export function publicMeta(rows: readonly { id: number; meta_key: string; meta_value: string | null }[]): MetaEntry[] {
  return rows
    .filter((row) => !SECRET_META_KEYS.has(row.meta_key))
    .map((row) => ({ id: row.id, meta_key: row.meta_key, meta_value: row.meta_value }));
}

export function groupBy<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = groups.get(k);
    if (list) list.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
