import type { Readable } from 'node:stream';
import type { Attachment } from '@portal/contract';
import {
  ATTACHMENT_CONTENT_SAMPLE_BYTES, MESSAGES, attachmentContentMatches, attachmentExtension, attachmentTooLargeMessage, sanitizeFileName,
  type AttachmentExtension, type Change,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { AttachmentStoreName } from '../db/schema';
import { HttpError } from '../errors';
import { attachmentStore, type AttachmentStore, type ContentSource } from './attachment-store';
import type { AttachmentRow, NewAttachment } from '../repositories/attachment-repository';
import type { ServiceContext, Written } from './service-context';

// A ticket's attachments (docs/product/tickets.md#attachments): their bytes in the configured store
// (docs/product/tickets.md#where-attachments-are-kept, attachment-store.ts) and their rows in the database. The
// caller has authorized the upload; the changes are answered for it to publish.

/** The type we answer with is decided by the (checked) extension, never by what the browser claimed. */
const MIME_TYPES: Readonly<Record<AttachmentExtension, string>> = {
  csv: 'text/csv',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xml: 'application/xml',
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** A file of an upload, read and checked: its sanitized name, its allowed extension and its bytes. */
export interface ReceivedFile {
  name: string;
  extension: AttachmentExtension;
  bytes: Buffer;
}

type TicketRef = { ticket_id: number; company_id: number };

/** The files of a ticket changed; `internal`: an internal note's, told to staff only (docs/product/tickets.md#internal-notes). */
export const attachmentsChanged = (ticket: TicketRef, files: { internal: boolean | number } = { internal: false }): Change =>
  ({ kind: 'attachments', ticketId: ticket.ticket_id, companyId: ticket.company_id, ...(files.internal ? { internal: true as const } : {}) });

/**
 * An upload's checks (docs/product/tickets.md#attachments) on a file already read whole (a mail's file): an allowed
 * type by its (sanitized) name, the size limit, then content that agrees with the type. Answers the file, or the
 * message the upload would refuse it with. The upload route checks its streams with checkedContent.
 */
export function checkReceivedFile(fileName: string, bytes: Buffer, maxBytes: number): { file: ReceivedFile } | { name: string; refused: string } {
  const name = sanitizeFileName(fileName);
  const extension = attachmentExtension(name);
  if (extension === null) return { name, refused: MESSAGES.attachmentTypeNotAllowed };
  if (bytes.length > maxBytes) return { name, refused: attachmentTooLargeMessage(maxBytes) };
  if (!attachmentContentMatches(name, bytes)) return { name, refused: MESSAGES.attachmentContentMismatch };
  return { file: { name, extension, bytes } };
}

/** A file's bytes in a store under their generated name, waiting for its row. */
export interface StoredFile {
  name: string;
  stored_name: string;
  type: string;
  size: number;
  stored_in: AttachmentStoreName;
}

/** A file of an upload as it arrives: its sanitized name, its allowed extension, and its bytes still to come. */
export interface IncomingFile {
  name: string;
  extension: AttachmentExtension;
  content: ContentSource;
}

/**
 * Writes each (already checked) file to the configured store. A failure removes the files already written. The
 * caller inserts the rows (addAttachmentRows) on its transaction and removes the files (removeStoredFiles) when
 * that transaction fails.
 */
export async function writeStoredFiles(ctx: ServiceContext, files: readonly ReceivedFile[]): Promise<StoredFile[]> {
  const store = attachmentStore(ctx);
  const stored: StoredFile[] = [];
  try {
    for (const file of files) stored.push(await putFile(store, file.name, file.extension, [file.bytes]));
    return stored;
  } catch (error) {
    await removeStoredFiles(ctx, stored);
    throw error;
  }
}

async function putFile(store: AttachmentStore, name: string, extension: AttachmentExtension, content: ContentSource): Promise<StoredFile> {
  const { storedName, size } = await store.put(content, extension);
  return { name, stored_name: storedName, type: MIME_TYPES[extension], size, stored_in: store.name };
}

/** Removes files written for rows that were never committed. */
export async function removeStoredFiles(ctx: ServiceContext, stored: readonly StoredFile[]): Promise<void> {
  await Promise.all(stored.map((file) => attachmentStore(ctx, file.stored_in).remove(file.stored_name).catch(() => undefined)));
}

/**
 * Removes the bytes of attachments whose rows are gone, from whichever store holds each; a failure is logged, not
 * answered (the rows, the truth of what exists, are already deleted).
 */
export async function removeAttachmentContents(
  ctx: ServiceContext,
  files: readonly Pick<AttachmentRow, 'stored_name' | 'stored_in'>[],
  logged: Record<string, unknown>,
): Promise<void> {
  await Promise.all(files.map((file) =>
    attachmentStore(ctx, file.stored_in).remove(file.stored_name).catch((error: unknown) => {
      ctx.log.error({ err: error, ...logged, file: file.stored_name, stored_in: file.stored_in }, 'attachment content not removed');
    })));
}

/** The rows of stored files on one ticket, inserted on `trx`. */
export async function addAttachmentRows(
  ctx: ServiceContext,
  trx: PortalDb,
  stored: readonly StoredFile[],
  owner: { ticketId: number; targetType: string; contactId: number | null; internal?: boolean },
): Promise<Attachment[]> {
  if (stored.length === 0) return [];
  const now = ctx.clock().toISOString();
  const rows: NewAttachment[] = stored.map((file) => ({
    ticket_id: owner.ticketId, target_type: owner.targetType, contact_id: owner.contactId, date_created: now, internal: owner.internal ? 1 : 0, ...file,
  }));
  return ctx.repos.attachments.createMany(trx, rows);
}

/**
 * The upload's size and content checks on a stream (docs/product/tickets.md#attachments): the first
 * ATTACHMENT_CONTENT_SAMPLE_BYTES are held back until they agree with the type, and past the size limit the
 * stream fails. At most the sample is held in memory.
 */
export async function* checkedContent(name: string, content: ContentSource, maxBytes: number): AsyncGenerator<Buffer> {
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  let checked = false;
  const check = () => {
    if (!attachmentContentMatches(name, Buffer.concat(head, headBytes))) throw new HttpError(400, MESSAGES.attachmentContentMismatch);
    checked = true;
  };
  for await (const piece of content) {
    const bytes = Buffer.isBuffer(piece) ? piece : Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    size += bytes.length;
    if (size > maxBytes) throw new HttpError(413, attachmentTooLargeMessage(maxBytes));
    if (checked) {
      yield bytes;
      continue;
    }
    head.push(bytes);
    headBytes += bytes.length;
    if (headBytes >= ATTACHMENT_CONTENT_SAMPLE_BYTES) {
      check();
      yield* head.splice(0);
    }
  }
  if (!checked) {
    check();
    yield* head;
  }
}

/**
 * Stores the files of one upload as they arrive, each through checkedContent into the configured store, then
 * every row in one transaction. A refused file, a failed read or a failed write removes the files already stored:
 * a refused or failed upload leaves nothing behind. No file at all is refused with 'Choose a file to upload.'.
 */
export async function storeAttachments(
  ctx: ServiceContext,
  upload: { ticket: TicketRef; targetType: string; contactId: number; internal?: boolean; files: AsyncIterable<IncomingFile> },
): Promise<Written<Attachment[]>> {
  const store = attachmentStore(ctx);
  const stored: StoredFile[] = [];
  try {
    for await (const file of upload.files) {
      stored.push(await putFile(store, file.name, file.extension, checkedContent(file.name, file.content, ctx.config.attachmentMaxBytes)));
    }
    if (stored.length === 0) throw new HttpError(400, MESSAGES.noFileUploaded);
    const internal = upload.internal === true;
    const owner = { ticketId: upload.ticket.ticket_id, targetType: upload.targetType, contactId: upload.contactId, internal };
    const created = await ctx.db.transaction().execute((trx) => addAttachmentRows(ctx, trx, stored, owner));
    return { result: created, changes: [attachmentsChanged(upload.ticket, { internal })] };
  } catch (error) {
    await removeStoredFiles(ctx, stored);
    throw error;
  }
}

/** An attachment's bytes as a stream with their size, from the store that holds them; null when they are gone. */
export async function openAttachmentContent(ctx: ServiceContext, row: AttachmentRow): Promise<{ size: number; stream: Readable } | null> {
  return attachmentStore(ctx, row.stored_in).open(row.stored_name);
}

/** Deletes an attachment's row, then its bytes (bytes that cannot be removed are only logged). Answers the rows deleted. */
export async function deleteAttachment(ctx: ServiceContext, ticket: TicketRef, row: AttachmentRow): Promise<Written<number>> {
  const deleted = await ctx.repos.attachments.delete(row.attachment_id);
  await removeAttachmentContents(ctx, [row], { attachment_id: row.attachment_id });
  return { result: deleted, changes: [attachmentsChanged(ticket, row)] };
}
