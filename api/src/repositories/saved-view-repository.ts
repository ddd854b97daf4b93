import { savedViewFilter, type SavedViewFilterValue } from '@portal/contract';
import { DEFAULT_SAVED_VIEW_FILTER, SAVED_VIEW_SCREENS, type SavedViewScreen } from '@portal/domain';
import type { PortalDb } from '../db/connect';

export type SavedViewRepository = ReturnType<typeof createSavedViewRepository>;

/** A saved view as stored, its filter read through the contract's schema. */
export interface StoredSavedView {
  id: number;
  contact_id: number;
  name: string;
  screen: SavedViewScreen;
  filter: SavedViewFilterValue;
  position: number;
  date_created: string;
}

const COLUMNS = ['id', 'contact_id', 'name', 'screen', 'filter', 'position', 'date_created'] as const;

/** A stored filter that no longer reads (an older shape) opens the default list rather than failing the dashboard. */
function readFilter(text: string): SavedViewFilterValue {
  try {
    const parsed = savedViewFilter.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: the default below
  }
  return { ...DEFAULT_SAVED_VIEW_FILTER, statuses: [...DEFAULT_SAVED_VIEW_FILTER.statuses], tags: [] };
}

function toView(row: { id: number; contact_id: number; name: string; screen: string; filter: string; position: number; date_created: string }): StoredSavedView {
  const screen = SAVED_VIEW_SCREENS.find((name) => name === row.screen) ?? 'agents';
  return { ...row, screen, filter: readFilter(row.filter) };
}

/** Saved views (docs/product/tags-and-views.md#saved-views): each staff member's own; a name once per person ignoring case. */
export function createSavedViewRepository(db: PortalDb, clock: () => Date) {
  const find = (id: number) => db.selectFrom('saved_views').select([...COLUMNS]).where('id', '=', id).executeTakeFirst();
  return {
    /** `contactId`'s views, in their order, then oldest first. */
    async listFor(contactId: number): Promise<StoredSavedView[]> {
      const rows = await db.selectFrom('saved_views').select([...COLUMNS]).where('contact_id', '=', contactId)
        .orderBy('position').orderBy('id').execute();
      return rows.map(toView);
    },

    async countFor(contactId: number): Promise<number> {
      const row = await db.selectFrom('saved_views').select((eb) => eb.fn.countAll<number | string>().as('n')).where('contact_id', '=', contactId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async findById(id: number): Promise<StoredSavedView | undefined> {
      const row = await find(id);
      return row ? toView(row) : undefined;
    },

    /** A new view, last in its owner's list. The unique (contact_id, name_key) index refuses a name the owner already uses. */
    async create(view: { contact_id: number; name: string; screen: SavedViewScreen; filter: SavedViewFilterValue }): Promise<StoredSavedView> {
      const last = await db.selectFrom('saved_views').select((eb) => eb.fn.max('position').as('p')).where('contact_id', '=', view.contact_id).executeTakeFirst();
      const row = await db.insertInto('saved_views')
        .values({
          contact_id: view.contact_id, name: view.name, name_key: view.name.toLowerCase(), screen: view.screen, filter: JSON.stringify(view.filter),
          position: last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1, date_created: clock().toISOString(),
        })
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
      return toView(row);
    },

    async update(id: number, changes: { name?: string; filter?: SavedViewFilterValue; position?: number }): Promise<StoredSavedView | undefined> {
      const set = {
        ...(changes.name !== undefined ? { name: changes.name, name_key: changes.name.toLowerCase() } : {}),
        ...(changes.filter !== undefined ? { filter: JSON.stringify(changes.filter) } : {}),
        ...(changes.position !== undefined ? { position: changes.position } : {}),
      };
      if (Object.keys(set).length > 0) await db.updateTable('saved_views').set(set).where('id', '=', id).execute();
      const row = await find(id);
      return row ? toView(row) : undefined;
    },

    async delete(id: number): Promise<number> {
      const result = await db.deleteFrom('saved_views').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
