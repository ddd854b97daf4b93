import { tag as tagSchema, type Tag } from '@portal/contract';
import { tagEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, TICKET_TAGS_MAX, canManageTags, canSeeTags, tagKey, type Viewer } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { findTicket } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/** Tags, with the API's rules: staff tag tickets, admins rename, merge and delete; clients are refused. */
export function tagHandlers(db: PortalData) {
  const viewer = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);
  const usage = (name: string) => db.tickets.filter((t) => (t.tags ?? []).some((n) => tagKey(n) === tagKey(name))).length;
  const withUsage = (t: Tag) => tagSchema.parse({ ...t, usage_count: usage(t.name) });
  const sorted = (names: string[]) => [...names].sort((a, b) => tagKey(a).localeCompare(tagKey(b)));
  const renameOnTickets = (from: string, to: string | null) => {
    for (const row of db.tickets) {
      if (!(row.tags ?? []).some((n) => tagKey(n) === tagKey(from))) continue;
      const rest = (row.tags ?? []).filter((n) => tagKey(n) !== tagKey(from));
      row.tags = sorted(to === null || rest.some((n) => tagKey(n) === tagKey(to)) ? rest : [...rest, to]);
    }
  };

  return [
    mock(api.tags, ({ request }) => {
      const v = viewer();
      if (!v || !canSeeTags(v)) return refused();
      const q = tagKey(new URL(request.url).searchParams.get('q') ?? '');
      const list = db.tags.filter((t) => tagKey(t.name).includes(q)).sort((a, b) => tagKey(a.name).localeCompare(tagKey(b.name)));
      return answer(api.tags, list.map(withUsage));
    }),
    mock(api.addTicketTag, async ({ request, params }) => {
      const v = viewer();
      if (!v || !canSeeTags(v)) return refused();
      const read = await readBody(request, api.addTicketTag);
      if (!read.ok) return read.answer;
      const row = findTicket(db, idParam(params));
      if (!row) return notFound(MESSAGES.ticketNotFound);
      const { name } = read.body;
      let known = db.tags.find((t) => tagKey(t.name) === tagKey(name));
      const current = row.tags ?? [];
      if (!current.some((n) => tagKey(n) === tagKey(name))) {
        if (current.length >= TICKET_TAGS_MAX) return errorAnswer(400, MESSAGES.tooManyTags);
        if (!known) {
          known = tagSchema.parse({ id: nextId(db.tags, (t) => t.id), name, usage_count: 0, date_created: nowIso() });
          db.tags.push(known);
        }
        row.tags = sorted([...current, known.name]);
      }
      return answer(api.addTicketTag, { ticket_id: row.ticket_id, tags: row.tags ?? [] });
    }),
    mock(api.removeTicketTag, ({ params }) => {
      const v = viewer();
      if (!v || !canSeeTags(v)) return refused();
      const row = findTicket(db, idParam(params));
      if (!row) return notFound(MESSAGES.ticketNotFound);
      const name = String(params.name);
      row.tags = (row.tags ?? []).filter((n) => tagKey(n) !== tagKey(name));
      return answer(api.removeTicketTag, { ticket_id: row.ticket_id, tags: row.tags });
    }),
    mock(api.renameTag, async ({ request, params }) => {
      const v = viewer();
      if (!v || !canManageTags(v)) return refused();
      const read = await readBody(request, api.renameTag);
      if (!read.ok) return read.answer;
      const found = db.tags.find((t) => t.id === idParam(params));
      if (!found) return notFound(MESSAGES.tagNotFound);
      const other = db.tags.find((t) => t.id !== found.id && tagKey(t.name) === tagKey(read.body.name));
      renameOnTickets(found.name, other ? other.name : read.body.name);
      if (other) {
        db.tags = db.tags.filter((t) => t !== found);
        return answer(api.renameTag, withUsage(other));
      }
      found.name = read.body.name;
      return answer(api.renameTag, withUsage(found));
    }),
    mock(api.deleteTag, ({ params }) => {
      const v = viewer();
      if (!v || !canManageTags(v)) return refused();
      const found = db.tags.find((t) => t.id === idParam(params));
      if (!found) return notFound(MESSAGES.tagNotFound);
      renameOnTickets(found.name, null);
      db.tags = db.tags.filter((t) => t !== found);
      return answer(api.deleteTag, { deleted: 1 });
    }),
  ];
}
