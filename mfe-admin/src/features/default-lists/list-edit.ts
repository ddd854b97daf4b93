import { defaultListLock, usedByMessage, type DefaultListName, type ListUsage, type LookupItem } from '@portal/domain';

export type AddResult = { ok: true; items: readonly LookupItem[] } | { ok: false; problem: string | null };

/** The add form needs a non-empty id and name (blank-only counts as empty); ids are unique whole numbers (docs/product/companies-and-contacts.md#default-lists). */
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

/** Why an item's Delete is disabled: a locked id gives the lock's reason, a used id how many use it; null when it may go. */
export function deleteBlockReason(name: DefaultListName, item: LookupItem, usage: ListUsage): string | null {
  const lock = defaultListLock(name, item.id);
  if (lock.locked) return lock.reason;
  const count = usage[item.id] ?? 0;
  return count > 0 ? usedByMessage(name, item, count) : null;
}
