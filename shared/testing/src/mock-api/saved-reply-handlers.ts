import { savedReply } from '@portal/contract';
import { savedReplyEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canManageSavedReply, canSeeSavedReply, canUseSavedReplies, fillSavedReply, savedReplyTokenValues, type Viewer } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody } from './respond';

/** Saved replies, with the API's rules: staff only, shared ones and one's own, shared ones written by admins. */
export function savedReplyHandlers(db: PortalData) {
  const staff = (): Viewer | null => {
    const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
    return viewer && canUseSavedReplies(viewer) ? viewer : null;
  };
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const visible = (viewer: Viewer, id: number) => db.savedReplies.find((r) => r.id === id && canSeeSavedReply(viewer, r));

  return [
    mock(api.savedReplies, () => {
      const viewer = staff();
      if (!viewer) return refused();
      const list = db.savedReplies.filter((r) => canSeeSavedReply(viewer, r)).sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
      return answer(api.savedReplies, list);
    }),
    mock(api.createSavedReply, async ({ request }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.createSavedReply, MESSAGES.savedReplyNotSaved);
      if (!read.ok) return read.answer;
      const owner_id = read.body.shared ? null : viewer.contactId;
      if (!canManageSavedReply(viewer, { owner_id })) return errorAnswer(403, MESSAGES.notAuthorized);
      const created = savedReply.parse({
        id: nextId(db.savedReplies, (r) => r.id), title: read.body.title, body: read.body.body, owner_id, usage_count: 0,
        date_created: nowIso(), date_updated: nowIso(),
      });
      db.savedReplies.push(created);
      return answer(api.createSavedReply, created);
    }),
    mock(api.updateSavedReply, async ({ request, params }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.updateSavedReply, MESSAGES.savedReplyNotSaved);
      if (!read.ok) return read.answer;
      const found = visible(viewer, idParam(params));
      if (!found) return errorAnswer(404, MESSAGES.savedReplyNotFound);
      if (!canManageSavedReply(viewer, found)) return errorAnswer(403, MESSAGES.notAuthorized);
      Object.assign(found, read.body, { date_updated: nowIso() });
      return answer(api.updateSavedReply, found);
    }),
    mock(api.deleteSavedReply, ({ params }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const found = visible(viewer, idParam(params));
      if (!found) return errorAnswer(404, MESSAGES.savedReplyNotFound);
      if (!canManageSavedReply(viewer, found)) return errorAnswer(403, MESSAGES.notAuthorized);
      db.savedReplies = db.savedReplies.filter((r) => r !== found);
      return answer(api.deleteSavedReply, { deleted: 1 });
    }),
    mock(api.useSavedReply, async ({ request, params }) => {
      const viewer = staff();
      if (!viewer) return refused();
      const read = await readBody(request, api.useSavedReply);
      if (!read.ok) return read.answer;
      const found = visible(viewer, idParam(params));
      if (!found) return errorAnswer(404, MESSAGES.savedReplyNotFound);
      const ticket = db.tickets.find((t) => t.ticket_id === read.body.ticket_id);
      const agent = db.contacts.find((c) => c.contact_id === viewer.contactId);
      if (!ticket || !agent) return errorAnswer(404, MESSAGES.ticketNotFound);
      const client = db.contacts.find((c) => c.contact_id === ticket.contact_id) ?? null;
      found.usage_count += 1;
      const text = fillSavedReply(found.body, savedReplyTokenValues({ ticket, client, agent }));
      return answer(api.useSavedReply, { text, usage_count: found.usage_count });
    }),
  ];
}
