import { isAdmin, isStaff } from './groups';
import { MESSAGES } from './messages';
import type { Viewer } from './policy';

// Tags (docs/product/tags-and-views.md): free words staff put on tickets to find them again. They are the agency's
// own words about a ticket ("vip", "waiting on host"): staff only, never in a client's answer. Any staff member
// tags (a new word becomes a tag); admins rename, merge and delete them.

export const TAG_NAME_MAX = 40;
/** Tags one ticket may carry. */
export const TICKET_TAGS_MAX = 20;
/** Tags the autocomplete offers at most. */
export const TAG_SUGGESTIONS_MAX = 10;

/** Seeing a ticket's tags, tagging and untagging: staff; a client never reads or writes one. */
export const canSeeTags = (viewer: Pick<Viewer, 'groupId'>): boolean => isStaff(viewer.groupId);
export const canTagTickets = canSeeTags;
/** Renaming, merging and deleting a tag for every ticket: admins. */
export const canManageTags = (viewer: Pick<Viewer, 'groupId'>): boolean => isAdmin(viewer.groupId);

/** A tag as written: trimmed, inner white space one space. Case is kept as first written. */
export function normaliseTagName(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

/** Two names are one tag when they are equal ignoring case ("VIP" and "vip"). */
export function tagKey(name: string): string {
  return normaliseTagName(name).toLowerCase();
}

/** Why `name` (normalised) cannot be a tag, or null. A comma separates tags in a filter's address, so none holds one. */
export function tagNameProblem(name: string): string | null {
  if (name.length === 0) return MESSAGES.enterTagName;
  if (name.length > TAG_NAME_MAX || name.includes(',')) return MESSAGES.tagNameInvalid;
  return null;
}

/** The tag filter of a list's address (`tag=vip,hosting`): each name normalised, once ignoring case, empties dropped. */
export function parseTagFilter(text: string | null | undefined): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (text ?? '').split(',')) {
    const name = normaliseTagName(part);
    if (name === '' || seen.has(tagKey(name))) continue;
    seen.add(tagKey(name));
    tags.push(name);
  }
  return tags;
}

/** Does a ticket carrying `tags` pass a filter of `wanted` tags? It must carry every one (ignoring case). */
export function matchesTagFilter(tags: readonly string[] | undefined, wanted: readonly string[]): boolean {
  if (wanted.length === 0) return true;
  const carried = new Set((tags ?? []).map(tagKey));
  return wanted.every((name) => carried.has(tagKey(name)));
}

/** The autocomplete: tags whose name contains `query` (ignoring case), those starting with it first, then by use. */
export function suggestTags<T extends { name: string; usage_count: number }>(tags: readonly T[], query: string, exclude: readonly string[] = []): T[] {
  const wanted = tagKey(query);
  const excluded = new Set(exclude.map(tagKey));
  const rank = (tag: T) => (tagKey(tag.name).startsWith(wanted) ? 0 : 1);
  return tags
    .filter((tag) => !excluded.has(tagKey(tag.name)) && tagKey(tag.name).includes(wanted))
    .sort((a, b) => rank(a) - rank(b) || b.usage_count - a.usage_count || a.name.localeCompare(b.name))
    .slice(0, TAG_SUGGESTIONS_MAX);
}
