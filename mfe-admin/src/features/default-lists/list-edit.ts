import type { LookupItem } from '@portal/domain';

/** Per id: how many records use it, and why it may never be deleted (null when it may). */
export type ItemUsage = Readonly<Record<number, { count: number; locked: string | null }>>;

export type AddResult = { ok: true; items: readonly LookupItem[] } | { ok: false; problem: string | null };

/** Spec 001 §5: the add form needs a non-empty id and name (blank-only counts as empty); ids are unique whole numbers. */
export function addLookupItem(items: readonly LookupItem[], input: { id: string; name: string; color?: string }): AddResult {
  const idText = input.id.trim();
  const name = input.name.trim();
  if (idText === '' || name === '') return { ok: false, problem: null };
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) return { ok: false, problem: 'The ID must be a whole number above 0.' };
  if (items.some((item) => item.id === id)) return { ok: false, problem: `ID ${id} is already in the list.` };
  const item: LookupItem = input.color ? { id, name, color: input.color } : { id, name };
  return { ok: true, items: [...items, item].sort((a, b) => a.id - b.id) };
}

/** Why an item's Delete is disabled: locked ids give the lock's reason, used ids how many use them; null when it may go. */
export function deleteBlockReason(id: number, usage: ItemUsage): string | null {
  const use = usage[id];
  if (!use) return null;
  if (use.locked) return use.locked;
  if (use.count > 0) return `Used by ${use.count}`;
  return null;
}
