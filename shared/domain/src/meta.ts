/** One entry of a contact's or company's meta list (docs/architecture.md#data-model). */
export interface MetaLike {
  meta_key: string;
  meta_value: string | null;
}

/** The value stored under `key`, or null when the list has none. */
export function metaValueOf(meta: readonly MetaLike[], key: string): string | null {
  return meta.find((entry) => entry.meta_key === key)?.meta_value ?? null;
}
