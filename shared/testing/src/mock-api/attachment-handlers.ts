import { http } from 'msw';
import { attachment, deletedAnswer } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, idParam, nextId, notFound, nowIso, reply } from './respond';

/** A ticket's attachments: list, upload (multipart `file[]`, one record per file), delete. */
export function attachmentHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/ticket/:id/attachments'), ({ params }) =>
      reply(attachment.array(), db.attachments.filter((a) => a.ticket_id === idParam(params)))),
    http.post(apiRoute('/ticket/:id/attachments'), async ({ request, params }) => {
      const files = (await request.formData()).getAll('file[]').filter((f): f is File => typeof f !== 'string');
      const created = files.map((file, index) => {
        const id = nextId(db.attachments, (a) => a.attachment_id) + index;
        return attachment.parse({
          attachment_id: id, ticket_id: idParam(params), target_type: 'ticket', contact_id: db.session?.contact_id ?? null, name: file.name,
          url: `/api/attachments/${id}/download`, type: file.type || 'application/octet-stream', size: file.size, date_created: nowIso(),
        });
      });
      db.attachments.push(...created);
      return reply(attachment.array(), created, 201);
    }),
    http.delete(apiRoute('/ticket/:id/attachments/:attachment_id'), ({ params }) => {
      const before = db.attachments.length;
      db.attachments = db.attachments.filter((a) => a.attachment_id !== idParam(params, 'attachment_id'));
      return before === db.attachments.length ? notFound() : reply(deletedAnswer, { deleted: 1 });
    }),
  ];
}
