import { defaultListLock, type DefaultListLockCode, type DefaultListName, type ListUsage, type LookupItem } from '@portal/domain';

/** Why a typed item cannot be added: its id is not a whole number above 0, or the list has it already. */
export type AddProblem = { kind: 'id-not-whole' } | { kind: 'id-taken'; id: number };

export type AddResult = { ok: true; items: readonly LookupItem[] } | { ok: false; problem: AddProblem | null };

/** The add form needs a non-empty id and name (blank-only counts as empty); ids are unique whole numbers (docs/product/companies-and-contacts.md#default-lists). */
export function addLookupItem(items: readonly LookupItem[], input: { id: string; name: string; color?: string }): AddResult {
  const idText = input.id.trim();
  const name = input.name.trim();
  if (idText === '' || name === '') return { ok: false, problem: null };
  const id = Number(idText);
  if (!Number.isInteger(id) || id <= 0) return { ok: false, problem: { kind: 'id-not-whole' } };
  if (items.some((item) => item.id === id)) return { ok: false, problem: { kind: 'id-taken', id } };
  const item: LookupItem = input.color ? { id, name, color: input.color } : { id, name };
  return { ok: true, items: [...items, item].sort((a, b) => a.id - b.id) };
}

/** Why an item's Delete is disabled: a locked id (with what it is kept for) or a used one (with how many use it). */
export type DeleteBlock = { kind: 'locked'; code: DefaultListLockCode } | { kind: 'used'; count: number };

/** What keeps an item from being deleted: its id's lock first, then its use; null when it may go. */
export function deleteBlockOf(name: DefaultListName, item: LookupItem, usage: ListUsage): DeleteBlock | null {
  const lock = defaultListLock(name, item.id);
  if (lock.locked) return { kind: 'locked', code: lock.code };
  const count = usage[item.id] ?? 0;
  return count > 0 ? { kind: 'used', count } : null;
}
