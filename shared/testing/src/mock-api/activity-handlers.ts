import { activity, activityListQuery } from '@portal/contract';
import { activityEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canWriteInternalNote, compareActivity, parseActivityCursor, visibleNotes } from '@portal/domain';
import type { PortalData } from './portal-data';
import { fullName } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/**
 * A ticket's activity feed: list, add a note (written by the signed-in contact), delete. Internal notes are
 * the support team's: a client's list leaves them out and a client asking for one is refused, as the API does.
 */
export function activityHandlers(db: PortalData) {
  return [
    // Newest first, paged as the API pages it: limit, before (older than a cursor) or from (a cursor on).
    mock(api.activity, ({ params, request }) => {
      const query = activityListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
      if (!query.success) return errorAnswer(400, MESSAGES.inputOutOfRange);
      const { before, from, limit } = query.data;
      const older = before === undefined ? null : parseActivityCursor(before);
      const newer = from === undefined ? null : parseActivityCursor(from);
      const reader = { groupId: db.session?.group_id ?? 0 };
      const feed = visibleNotes(reader, db.activity)
        .filter((a) => a.ticket_id === idParam(params))
        .sort(compareActivity)
        .filter((a) => (older === null || compareActivity(a, older) > 0) && (newer === null || compareActivity(a, newer) <= 0));
      return answer(api.activity, from === undefined && limit !== undefined ? feed.slice(0, limit) : feed);
    }),
    mock(api.createActivity, async ({ request }) => {
      const read = await readBody(request, api.createActivity);
      if (!read.ok) return read.answer;
      const author = db.session;
      const internal = read.body.internal === true;
      if (internal && !canWriteInternalNote({ groupId: author?.group_id ?? 0 })) return errorAnswer(403, MESSAGES.internalNoteStaffOnly);
      const created = activity.parse({
        activity_id: nextId(db.activity, (a) => a.activity_id), ticket_id: Number(read.body.ticket_id), contact_id: author?.contact_id ?? null,
        contact_name: author ? fullName(author) : null, note: read.body.note, date_created: nowIso(), internal,
      });
      db.activity = [created, ...db.activity];
      return answer(api.createActivity, created);
    }),
    mock(api.deleteActivity, ({ params }) => {
      const before = db.activity.length;
      db.activity = db.activity.filter((a) => a.activity_id !== idParam(params));
      return before === db.activity.length ? notFound() : answer(api.deleteActivity, { deleted: 1 });
    }),
  ];
}
