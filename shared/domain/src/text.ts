/** Lowercases and turns every character that is not a-z or 0-9 into '_' ('Incident/Bug' -> 'incident_bug'). */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '_');
}

export const TRUNCATE_DEFAULT = 100;

/** The first `max` characters followed by '...' when the text is longer than `max`. */
export function truncate(text: string | null | undefined, max = TRUNCATE_DEFAULT): string {
  const value = text ?? '';
  if (value.length <= max) return value;
  return `${value.slice(0, Math.max(0, max))}...`;
}

/** Names in the admin lists are cut to 30 characters (docs/product/companies-and-contacts.md#agents). */
export const LIST_NAME_MAX = 30;

/** Up to `max` initials of the words of a name ('Acme Web Design, LLC' -> 'AWDL'). */
export function initials(name: string, max = 4): string {
  return name
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase())
    .join('')
    .slice(0, max);
}
