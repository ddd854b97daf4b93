import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import type { Viewer } from './policy';
import {
  boardQueryOf, canSeeSavedView, canUseSavedViews, parseBoardQuery, savedViewFilterOf, savedViewLink, savedViewScreenOf, type SavedViewFilter,
} from './saved-views';

const viewer = (contactId: number, groupId: number): Viewer => ({ contactId, groupId, companyIds: [], primaryCompanyIds: [] });

describe('saved view permissions', () => {
  it('keeps views personal to each staff member', () => {
    expect(canUseSavedViews(viewer(2, 2))).toBe(true);
    expect(canUseSavedViews(viewer(3, GROUP_CLIENT))).toBe(false);
    expect(canSeeSavedView(viewer(2, 2), { contact_id: 2 })).toBe(true);
    expect(canSeeSavedView(viewer(1, GROUP_ADMIN), { contact_id: 2 })).toBe(false);
  });

  it('opens an admin’s views on the admin dashboard and an agent’s on their own', () => {
    expect(savedViewScreenOf(viewer(1, GROUP_ADMIN))).toBe('admins');
    expect(savedViewScreenOf(viewer(2, 3))).toBe('agents');
  });
});

/** An address query as the browser's URLSearchParams reads it (the domain compiles without the DOM's types). */
const queryOf = (text: string) => {
  const pairs = new Map(text.split('&').filter(Boolean).map((pair) => pair.split('=').map((part) => decodeURIComponent(part.replace(/\+/g, ' '))) as [string, string]));
  return { get: (name: string) => pairs.get(name) ?? null };
};

describe('a view’s address', () => {
  const filter: SavedViewFilter = { board: 'list', sort: 'dateDue', direction: 'ASC', statuses: [2, 3], maintenance_only: false, tags: ['vip', 'web hosting'] };

  it('carries the filter and reads back the same', () => {
    const link = savedViewLink({ screen: 'admins', filter });
    expect(link).toBe('/admins?board=list&sort=dateDue&direction=ASC&statuses=2%2C3&maintenance_only=0&tag=vip%2Cweb%20hosting');
    const read = parseBoardQuery(queryOf(link.split('?')[1] ?? ''));
    expect(read).toEqual({
      board: 'list', prefs: { sortBy: 'dateDue', direction: 'ASC', statusFilters: [2, 3], maintenanceOnly: false }, tags: ['vip', 'web hosting'],
    });
    expect(savedViewFilterOf('list', { sortBy: 'dateDue', direction: 'ASC', statusFilters: [2, 3], maintenanceOnly: false }, read.tags)).toEqual(filter);
  });

  it('names nothing when the address holds no filter, and drops Complete, Cancelled and unknown values', () => {
    expect(parseBoardQuery(queryOf(''))).toEqual({ prefs: {}, tags: [] });
    expect(parseBoardQuery(queryOf('board=grid&sort=x&statuses=5,6,2&maintenance_only=yes'))).toEqual({ prefs: { statusFilters: [2] }, tags: [] });
  });

  it('leaves the kanban’s statuses out (it shows every open status)', () => {
    expect(boardQueryOf({ ...filter, board: 'kanban' })).not.toContain('statuses');
  });
});
