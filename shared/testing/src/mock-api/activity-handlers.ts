import { http } from 'msw';
import { activity, activityCreate, deletedAnswer } from '@portal/contract';
import type { PortalData } from './portal-data';
import { fullName } from './portal-queries';
import { apiRoute, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

/** A ticket's activity feed: list, add a note (written by the signed-in contact), delete. */
export function activityHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/ticket/:id/activity'), ({ params }) =>
      reply(activity.array(), db.activity.filter((a) => a.ticket_id === idParam(params)))),
    http.post(apiRoute('/activity'), async ({ request }) => {
      const read = await readBody(request, activityCreate);
      if (!read.ok) return read.answer;
      const author = db.session;
      const created = activity.parse({
        activity_id: nextId(db.activity, (a) => a.activity_id), ticket_id: Number(read.body.ticket_id), contact_id: author?.contact_id ?? null,
        contact_name: author ? fullName(author) : null, note: read.body.note, date_created: nowIso(),
      });
      db.activity = [created, ...db.activity];
      return reply(activity, created, 201);
    }),
    http.delete(apiRoute('/activity/:id'), ({ params }) => {
      const before = db.activity.length;
      db.activity = db.activity.filter((a) => a.activity_id !== idParam(params));
      return before === db.activity.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),
  ];
}
