import { attachment } from '@portal/contract';
import { attachmentEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { MESSAGES, canWriteInternalNote, visibleNotes } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso } from './respond';

/**
 * A ticket's attachments: list, upload (multipart `file[]`, one record per file; `?internal=true`: with an
 * internal note, staff only), delete. A client's list leaves the internal ones out, as the API does.
 */
export function attachmentHandlers(db: PortalData) {
  const reader = () => ({ groupId: db.session?.group_id ?? 0 });
  return [
    mock(api.attachments, ({ params }) =>
      answer(api.attachments, visibleNotes(reader(), db.attachments).filter((a) => a.ticket_id === idParam(params)))),
    mock(api.uploadAttachments, async ({ request, params }) => {
      const internal = new URL(request.url).searchParams.get('internal') === 'true';
      if (internal && !canWriteInternalNote(reader())) return errorAnswer(403, MESSAGES.internalNoteStaffOnly);
      const files = (await request.formData()).getAll('file[]').filter((f): f is File => typeof f !== 'string');
      const created = files.map((file, index) => {
        const id = nextId(db.attachments, (a) => a.attachment_id) + index;
        return attachment.parse({
          attachment_id: id, ticket_id: idParam(params), target_type: 'ticket', contact_id: db.session?.contact_id ?? null, name: file.name,
          url: `/api${pathOf(api.downloadAttachment, { attachment_id: id })}`, type: file.type || 'application/octet-stream', size: file.size, date_created: nowIso(), internal,
        });
      });
      db.attachments.push(...created);
      return answer(api.uploadAttachments, created);
    }),
    mock(api.deleteAttachment, ({ params }) => {
      const before = db.attachments.length;
      db.attachments = db.attachments.filter((a) => a.attachment_id !== idParam(params, 'attachment_id'));
      return before === db.attachments.length ? notFound() : answer(api.deleteAttachment, { deleted: 1 });
    }),
  ];
}
