import { isAdmin, isStaff } from './groups';
import { DEFAULT_LIST_PREFS, LIST_SORT_FIELDS, type ListPrefs, type ListSortField, type SortDirection } from './list-prefs';
import { STATUS } from './lookups';
import type { Viewer } from './policy';
import { parseTagFilter } from './tags';

// Saved views (docs/product/tags-and-views.md#saved-views): a staff member's own named filter and sort of the list or
// kanban, shown on their dashboard with a live count and opened by a link whose address carries the filter.

export const SAVED_VIEW_NAME_MAX = 60;
/** Saved views one staff member may keep. */
export const SAVED_VIEWS_MAX = 30;

/** The board a view opens: the admin dashboard's (every company) or an agent's own tickets. */
export const SAVED_VIEW_SCREENS = ['admins', 'agents'] as const;
export type SavedViewScreen = (typeof SAVED_VIEW_SCREENS)[number];
export const SAVED_VIEW_BOARDS = ['list', 'kanban'] as const;
export type SavedViewBoard = (typeof SAVED_VIEW_BOARDS)[number];

/** What a view keeps: the board, its sort, its status filters (the list's), Maintenance Only and tags (every one carried). */
export interface SavedViewFilter {
  board: SavedViewBoard;
  sort: ListSortField;
  direction: SortDirection;
  statuses: number[];
  maintenance_only: boolean;
  tags: string[];
}

/** Saved views are personal to each staff member: only staff keep them, and only their owner reads or deletes one. */
export const canUseSavedViews = (viewer: Viewer): boolean => isStaff(viewer.groupId);
export function canSeeSavedView(viewer: Viewer, view: { contact_id: number }): boolean {
  return canUseSavedViews(viewer) && view.contact_id === viewer.contactId;
}

/** The dashboard a staff member's board is on: admins' lists every company's tickets, an agent's their own. */
export const savedViewScreenOf = (viewer: Viewer): SavedViewScreen => (isAdmin(viewer.groupId) ? 'admins' : 'agents');

/** The board's address query of a filter: what the link of a view opens (parseBoardQuery reads it back). */
export function boardQueryOf(filter: SavedViewFilter): string {
  const pairs: [string, string][] = [['board', filter.board], ['sort', filter.sort], ['direction', filter.direction]];
  if (filter.board === 'list') pairs.push(['statuses', filter.statuses.join(',')]);
  pairs.push(['maintenance_only', filter.maintenance_only ? '1' : '0']);
  if (filter.tags.length > 0) pairs.push(['tag', filter.tags.join(',')]);
  return pairs.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&');
}

/** The link of a saved view: its dashboard with the filter in the address. */
export function savedViewLink(view: { screen: SavedViewScreen; filter: SavedViewFilter }): string {
  return `/${view.screen}?${boardQueryOf(view.filter)}`;
}

/** What a board's address asks for: the board, the list preferences it names (others unchanged) and the tags; empty when it names none. */
export interface BoardQuery {
  board?: SavedViewBoard;
  prefs: Partial<ListPrefs>;
  tags: string[];
}

const isFilterable = (id: number) => Number.isInteger(id) && id > 0 && id !== STATUS.complete && id !== STATUS.cancelled;

export function parseBoardQuery(search: { get(name: string): string | null }): BoardQuery {
  const prefs: Partial<ListPrefs> = {};
  const board = SAVED_VIEW_BOARDS.find((name) => name === search.get('board'));
  const sort = LIST_SORT_FIELDS.find((field) => field === search.get('sort'));
  if (sort) prefs.sortBy = sort;
  const direction = search.get('direction');
  if (direction === 'ASC' || direction === 'DESC') prefs.direction = direction;
  const statuses = search.get('statuses');
  if (statuses !== null) prefs.statusFilters = [...new Set(statuses.split(',').filter(Boolean).map(Number))].filter(isFilterable);
  const maintenance = search.get('maintenance_only');
  if (maintenance === '1' || maintenance === '0') prefs.maintenanceOnly = maintenance === '1';
  return { ...(board ? { board } : {}), prefs, tags: parseTagFilter(search.get('tag')) };
}

/** The filter a "Save view" keeps: the board on screen, its list preferences and tags. */
export function savedViewFilterOf(board: SavedViewBoard, prefs: ListPrefs, tags: readonly string[]): SavedViewFilter {
  return {
    board,
    sort: prefs.sortBy,
    direction: prefs.direction,
    statuses: board === 'list' ? [...prefs.statusFilters] : [],
    maintenance_only: prefs.maintenanceOnly,
    tags: [...tags],
  };
}

export const DEFAULT_SAVED_VIEW_FILTER: Readonly<SavedViewFilter> = savedViewFilterOf('list', { ...DEFAULT_LIST_PREFS }, []);
