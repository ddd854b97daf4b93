import { savedView, type SavedView, type SavedViewFilterValue } from '@portal/contract';
import { savedViewEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, SAVED_VIEWS_MAX, canUseSavedViews, matchesTagFilter, savedViewScreenOf, type Viewer } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody } from './respond';

const listedStatus = (statusId: number) => statusId <= 4 || statusId >= 7;

/** Saved views, with the API's rules: each staff member's own, names once per person ignoring case, live counts. */
export function savedViewHandlers(db: PortalData) {
  const staff = (): Viewer | null => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer && canUseSavedViews(viewer) ? viewer : null;
  };
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const own = (viewer: Viewer, id: number) => db.savedViews.find((v) => v.id === id && v.contact_id === viewer.contactId);
  const countOf = (filter: SavedViewFilterValue, screen: SavedView['screen'], ownerId: number) => db.tickets.filter((t) =>
    listedStatus(t.status_id)
    && (filter.board === 'kanban' ? t.company_mode === 1 : filter.statuses.includes(t.status_id))
    && (!filter.maintenance_only || (t.is_maintenance ?? 1) === 1)
    && (screen === 'admins' || (t.assignee_id === ownerId && t.on_hold === 0))
    && matchesTagFilter(t.tags, filter.tags)).length;
  const counted = ({ contact_id, ...view }: SavedView & { contact_id: number }) => ({ ...view, count: countOf(view.filter, view.screen, contact_id) });
  const taken = (viewer: Viewer, name: string, except?: number) =>
    db.savedViews.some((v) => v.contact_id === viewer.contactId && v.id !== except && v.name.toLowerCase() === name.toLowerCase());

  return [
    mock(api.savedViews, () => {
      const viewer = staff();
      if (!viewer) return refused();
      const mine = db.savedViews.filter((v) => v.contact_id === viewer.contactId).sort((a, b) => a.position - b.position || a.id - b.id);
      return answer(api.savedViews, mine.map(counted));
    }),
    mock(api.createSavedView, async ({ request }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.createSavedView, MESSAGES.savedViewNotSaved);
      if (!read.ok) return read.answer;
      if (taken(viewer, read.body.name)) return errorAnswer(409, MESSAGES.savedViewNameTaken);
      if (db.savedViews.filter((v) => v.contact_id === viewer.contactId).length >= SAVED_VIEWS_MAX) return errorAnswer(400, MESSAGES.tooManySavedViews);
      const view = {
        ...savedView.parse({
          id: nextId(db.savedViews, (v) => v.id), name: read.body.name, screen: savedViewScreenOf(viewer), filter: read.body.filter,
          position: db.savedViews.filter((v) => v.contact_id === viewer.contactId).length, count: 0, date_created: nowIso(),
        }),
        contact_id: viewer.contactId,
      };
      db.savedViews.push(view);
      return answer(api.createSavedView, counted(view));
    }),
    mock(api.updateSavedView, async ({ request, params }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.updateSavedView, MESSAGES.savedViewNotSaved);
      if (!read.ok) return read.answer;
      const found = own(viewer, idParam(params));
      if (!found) return errorAnswer(404, MESSAGES.savedViewNotFound);
      if (read.body.name !== undefined && taken(viewer, read.body.name, found.id)) return errorAnswer(409, MESSAGES.savedViewNameTaken);
      Object.assign(found, Object.fromEntries(Object.entries(read.body).filter(([, value]) => value !== undefined)));
      return answer(api.updateSavedView, counted(found));
    }),
    mock(api.deleteSavedView, ({ params }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const found = own(viewer, idParam(params));
      if (!found) return errorAnswer(404, MESSAGES.savedViewNotFound);
      db.savedViews = db.savedViews.filter((v) => v !== found);
      return answer(api.deleteSavedView, { deleted: 1 });
    }),
  ];
}
