import multipart from '@fastify/multipart';
import { attachmentEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canDeleteAttachment, canSeeInternalNotes, canSeeNote, canUploadAttachment, canWriteInternalNote, attachmentExtension,
  attachmentTooLargeMessage, isAllowedAttachmentName, sanitizeFileName,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { deleteAttachment, openAttachmentContent, storeAttachments, type IncomingFile } from '../services/attachment-uploads';
import { downloadDisposition } from '../services/downloads';
import { endpointRoute } from './endpoint-route';
import { ticketForViewer } from './route-helpers';
import { serviceContext } from '../services/service-context';

const FILE_FIELDS = new Set(['file[]', 'file']);
const MAX_FILES_PER_UPLOAD = 10;

/**
 * The files of a multipart upload as they arrive, each refused by its name's type before its bytes are read. A
 * failure reading the request (a file past the limit, too many parts, a cut-off body) becomes the upload's
 * message; a failure of the store does not pass through here and stays a 500.
 */
async function* incomingFiles(request: FastifyRequest, maxBytes: number): AsyncGenerator<IncomingFile> {
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (!FILE_FIELDS.has(part.fieldname)) throw new HttpError(400, MESSAGES.invalidInput);
      const name = sanitizeFileName(part.filename ?? '');
      const extension = attachmentExtension(name);
      if (!isAllowedAttachmentName(name) || extension === null) throw new HttpError(400, MESSAGES.attachmentTypeNotAllowed);
      yield { name, extension, content: partBytes(request, part.file, maxBytes) };
    }
  } catch (error) {
    throw uploadError(request, error, maxBytes);
  }
}

/** A part's bytes; multipart stops a file at the limit and marks it truncated, which refuses it. */
async function* partBytes(request: FastifyRequest, file: AsyncIterable<Buffer> & { truncated: boolean }, maxBytes: number): AsyncGenerator<Buffer> {
  try {
    yield* file;
  } catch (error) {
    throw uploadError(request, error, maxBytes);
  }
  if (file.truncated) throw new HttpError(413, attachmentTooLargeMessage(maxBytes));
}

function uploadError(request: FastifyRequest, error: unknown, maxBytes: number): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, attachmentTooLargeMessage(maxBytes));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return new HttpError(413, MESSAGES.invalidInput);
  // Nothing here but the request is read: any other failure is a malformed upload (no boundary, a cut-off part).
  request.log.info({ err: error }, 'malformed upload');
  return new HttpError(400, MESSAGES.invalidInput);
}

export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  const { repos, config } = app;

  await app.register(multipart, {
    limits: { fileSize: config.attachmentMaxBytes, files: MAX_FILES_PER_UPLOAD, fields: 20, parts: 40 },
  });

  endpointRoute(
    app,
    api.attachments,
    {
      tags: ['attachments'],
      summary: "A ticket's attachments (target_type 'ticket'); polled every second; an internal note's files for staff only",
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: true },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const targetType = request.params.target_type;
      await ticketForViewer(app, viewer, request.params.id);
      return repos.attachments.listFor(targetType, request.params.id, { internal: canSeeInternalNotes(viewer) });
    },
  );

  endpointRoute(
    app,
    api.uploadAttachments,
    {
      tags: ['attachments'],
      summary: 'Upload one or more files (multipart field file[]): csv, doc, docx, xml, pdf, png, jpg, jpeg, gif, checked by content',
      errors: [400, 401, 403, 404, 413],
      schema: { consumes: ['multipart/form-data'] },
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const targetType = request.params.target_type;
      const ticket = await ticketForViewer(app, viewer, request.params.id, canUploadAttachment);
      const { internal } = request.query;
      if (internal && !canWriteInternalNote(viewer)) throw new HttpError(403, MESSAGES.internalNoteStaffOnly);
      if (!request.isMultipart()) throw new HttpError(400, MESSAGES.noFileUploaded);

      // Each file streams into the store as it arrives (never whole in memory); a refused one removes the upload's others.
      const { result, changes } = await storeAttachments(serviceContext(app, request), {
        ticket, targetType, contactId: viewer.contactId, internal, files: incomingFiles(request, config.attachmentMaxBytes),
      });
      await app.events.publish(...changes);
      return reply.code(201).send(result);
    },
  );

  endpointRoute(
    app,
    api.deleteAttachment,
    {
      tags: ['attachments'],
      summary: 'Delete an attachment (staff, or the contact who uploaded it)',
      errors: [400, 401, 403, 404],
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const targetType = request.params.target_type;
      const ticket = await ticketForViewer(app, viewer, request.params.id);
      const row = await repos.attachments.findById(request.params.attachment_id);
      if (!row || row.ticket_id !== ticket.ticket_id || row.target_type !== targetType || !canSeeNote(viewer, row)) {
        throw new HttpError(404, MESSAGES.noResultsFound);
      }
      authorize(viewer, (v) => canDeleteAttachment(v, ticket, row.contact_id));
      const { result, changes } = await deleteAttachment(serviceContext(app, request), ticket, row);
      await app.events.publish(...changes);
      return { deleted: result };
    },
  );

  endpointRoute(
    app,
    api.downloadAttachment,
    {
      tags: ['attachments'],
      summary: "Download an attachment (anyone who may see its ticket; an internal note's: staff), always as a download",
      errors: [400, 401, 403, 404],
    },
    async (request, reply) => {
      const viewer = requireViewer(request.viewer);
      const row = await repos.attachments.findById(request.params.attachment_id);
      if (!row) throw new HttpError(404, MESSAGES.noResultsFound);
      await ticketForViewer(app, viewer, row.ticket_id);
      // An internal note's file is not there for a client: the same 404 as a file that never was.
      if (!canSeeNote(viewer, row)) throw new HttpError(404, MESSAGES.noResultsFound);
      const content = await openAttachmentContent(serviceContext(app, request), row);
      if (!content) throw new HttpError(404, MESSAGES.noResultsFound);
      return reply
        .header('content-type', row.type)
        .header('content-length', content.size)
        .header('content-disposition', downloadDisposition(row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'private, no-store')
        .send(content.stream as never);
    },
  );
}
