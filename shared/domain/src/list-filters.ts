import type { ListPrefs } from './list-prefs';

// What a staff board says about the tickets its filters hide, and the one click that shows them
// (docs/product/dashboards.md#hidden-by-filters): a count over a shorter list never stands unexplained.

/**
 * '3 of 6 shown: filters on' when the filters hide some of `total`; '3 shown: filters on' when what they hide was not
 * counted (`total` null: the server's page filtered by Maintenance Only); null when nothing is hidden.
 */
export function hiddenByFiltersText(shown: number, total: number | null): string | null {
  if (total === null) return `${shown} shown: filters on`;
  return shown < total ? `${shown} of ${total} shown: filters on` : null;
}

/**
 * What the Tag filter keeps back (docs/product/tags-and-views.md#filtering-by-tag): the server answers only the tagged
 * tickets, so their untagged neighbours cannot be counted; said so, with 'Show all' clearing it too. Null: no tag asked.
 */
export function taggedOnlyText(tags: readonly string[]): string | null {
  return tags.length === 0 ? null : `Only tickets tagged ${tags.join(', ')}: tag filter on`;
}

/**
 * 'Show all': the list's filters off (every status offered ticked, Maintenance Only off); the kanban, which the status
 * filters do not touch, turns Maintenance Only off only, so the list keeps its statuses.
 */
export function filtersOff(view: 'list' | 'kanban', statusIds: readonly number[]): Partial<ListPrefs> {
  return view === 'list' ? { maintenanceOnly: false, statusFilters: [...statusIds] } : { maintenanceOnly: false };
}

/** Open tickets of companies that are not Active are never on the kanban, whatever the filters: said, not hidden silently. */
export function offKanbanText(count: number): string | null {
  if (count === 0) return null;
  return count === 1
    ? '1 ticket is not on the kanban: its company is not Active.'
    : `${count} tickets are not on the kanban: their company is not Active.`;
}
