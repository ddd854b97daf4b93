import { attachment } from '@portal/contract';
import { attachmentEndpoints as api, pathOf } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, idParam, mock, nextId, notFound, nowIso } from './respond';

/** A ticket's attachments: list, upload (multipart `file[]`, one record per file), delete. */
export function attachmentHandlers(db: PortalData) {
  return [
    mock(api.attachments, ({ params }) =>
      answer(api.attachments, db.attachments.filter((a) => a.ticket_id === idParam(params)))),
    mock(api.uploadAttachments, async ({ request, params }) => {
      const files = (await request.formData()).getAll('file[]').filter((f): f is File => typeof f !== 'string');
      const created = files.map((file, index) => {
        const id = nextId(db.attachments, (a) => a.attachment_id) + index;
        return attachment.parse({
          attachment_id: id, ticket_id: idParam(params), target_type: 'ticket', contact_id: db.session?.contact_id ?? null, name: file.name,
          url: `/api${pathOf(api.downloadAttachment, { attachment_id: id })}`, type: file.type || 'application/octet-stream', size: file.size, date_created: nowIso(),
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
