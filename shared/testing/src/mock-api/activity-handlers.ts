import { http } from 'msw';
import { activity, activityCreate, activityListQuery, deletedAnswer } from '@portal/contract';
import { MESSAGES, compareActivity, parseActivityCursor } from '@portal/domain';
import type { PortalData } from './portal-data';
import { fullName } from './portal-queries';
import { apiRoute, errorAnswer, idParam, nextId, notFound, nowIso, readBody, reply } from './respond';

/** A ticket's activity feed: list, add a note (written by the signed-in contact), delete. */
export function activityHandlers(db: PortalData) {
  return [
    // Newest first, paged as the API pages it: limit, before (older than a cursor) or from (a cursor on).
    http.get(apiRoute('/ticket/:id/activity'), ({ params, request }) => {
      const query = activityListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return errorAnswer(400, MESSAGES.inputOutOfRange);
      const { before, from, limit } = query.data;
      const older = before === undefined ? null : parseActivityCursor(before);
      const newer = from === undefined ? null : parseActivityCursor(from);
      const feed = db.activity
        .filter((a) => a.ticket_id === idParam(params))
        .sort(compareActivity)
        .filter((a) => (older === null || compareActivity(a, older) > 0) && (newer === null || compareActivity(a, newer) <= 0));
      return reply(activity.array(), from === undefined && limit !== undefined ? feed.slice(0, limit) : feed);
    }),
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
