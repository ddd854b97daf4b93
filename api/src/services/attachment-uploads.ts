import { mkdir, open, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Attachment } from '@portal/contract';
import {
  MESSAGES, attachmentContentMatches, attachmentExtension, attachmentTooLargeMessage, sanitizeFileName, type AttachmentExtension, type Change,
} from '@portal/domain';
import type { PortalDb } from '../db/connect';
import type { AttachmentRow, NewAttachment } from '../repositories/attachment-repository';
import type { ServiceContext, Written } from './service-context';

// A ticket's attachments (docs/product/tickets.md#attachments) on disk and in the database. The
// caller has read, checked and authorized the upload; the changes are answered for it to publish.

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

export const attachmentsChanged = (ticket: TicketRef): Change => ({ kind: 'attachments', ticketId: ticket.ticket_id, companyId: ticket.company_id });

/**
 * An upload's checks on one file (docs/product/tickets.md#attachments), in the order the upload route runs them: an
 * allowed type by its (sanitized) name, the size limit, then content that agrees with the type. Answers the file, or
 * the message the upload would refuse it with.
 */
export function checkReceivedFile(fileName: string, bytes: Buffer, maxBytes: number): { file: ReceivedFile } | { name: string; refused: string } {
  const name = sanitizeFileName(fileName);
  const extension = attachmentExtension(name);
  if (extension === null) return { name, refused: MESSAGES.attachmentTypeNotAllowed };
  if (bytes.length > maxBytes) return { name, refused: attachmentTooLargeMessage(maxBytes) };
  if (!attachmentContentMatches(name, bytes)) return { name, refused: MESSAGES.attachmentContentMismatch };
  return { file: { name, extension, bytes } };
}

/** A file on disk under its generated name, waiting for its row. */
export interface StoredFile {
  name: string;
  stored_name: string;
  type: string;
  size: number;
}

/**
 * Writes each file under a generated name (the user's file name never reaches the disk), synced with its folder
 * entry. A failure removes the files already written. The caller inserts the rows (attachmentRows) on its
 * transaction and removes the files (removeStoredFiles) when that transaction fails.
 */
export async function writeStoredFiles(ctx: ServiceContext, files: readonly ReceivedFile[]): Promise<StoredFile[]> {
  const { uploadsDir } = ctx.config;
  if (files.length === 0) return [];
  await mkdir(uploadsDir, { recursive: true });
  const stored: StoredFile[] = [];
  try {
    for (const file of files) {
      const storedName = `${randomUUID()}.${file.extension}`;
      await writeSynced(path.join(uploadsDir, storedName), file.bytes);
      stored.push({ name: file.name, stored_name: storedName, type: MIME_TYPES[file.extension], size: file.bytes.length });
    }
    await syncFolder(uploadsDir);
    return stored;
  } catch (error) {
    await removeStoredFiles(ctx, stored);
    throw error;
  }
}

/** Removes files written for rows that were never committed. */
export async function removeStoredFiles(ctx: ServiceContext, stored: readonly StoredFile[]): Promise<void> {
  await Promise.all(stored.map((file) => unlink(path.join(ctx.config.uploadsDir, file.stored_name)).catch(() => undefined)));
}

/** The rows of stored files on one ticket, inserted on `trx`. */
export async function addAttachmentRows(
  ctx: ServiceContext,
  trx: PortalDb,
  stored: readonly StoredFile[],
  owner: { ticketId: number; targetType: string; contactId: number | null },
): Promise<Attachment[]> {
  if (stored.length === 0) return [];
  const now = ctx.clock().toISOString();
  const rows: NewAttachment[] = stored.map((file) => ({
    ticket_id: owner.ticketId, target_type: owner.targetType, contact_id: owner.contactId, date_created: now, ...file,
  }));
  return ctx.repos.attachments.createMany(trx, rows);
}

/**
 * Stores the files of one upload: written and synced first, then every row in one transaction. A failure anywhere
 * removes the files written: a refused or failed upload leaves nothing behind.
 */
export async function storeAttachments(
  ctx: ServiceContext,
  upload: { ticket: TicketRef; targetType: string; contactId: number; files: readonly ReceivedFile[] },
): Promise<Written<Attachment[]>> {
  const stored = await writeStoredFiles(ctx, upload.files);
  try {
    const owner = { ticketId: upload.ticket.ticket_id, targetType: upload.targetType, contactId: upload.contactId };
    const created = stored.length === 0 ? [] : await ctx.db.transaction().execute((trx) => addAttachmentRows(ctx, trx, stored, owner));
    return { result: created, changes: [attachmentsChanged(upload.ticket)] };
  } catch (error) {
    await removeStoredFiles(ctx, stored);
    throw error;
  }
}

/** Deletes an attachment's row, then its file (a file already gone is only logged). Answers the rows deleted. */
export async function deleteAttachment(ctx: ServiceContext, ticket: TicketRef, row: AttachmentRow): Promise<Written<number>> {
  const deleted = await ctx.repos.attachments.delete(row.attachment_id);
  await unlink(path.join(ctx.config.uploadsDir, path.basename(row.stored_name))).catch((error: unknown) => {
    ctx.log.warn({ err: error, attachment_id: row.attachment_id }, 'attachment file already gone');
  });
  return { result: deleted, changes: [attachmentsChanged(ticket)] };
}

// An upload answered 201 has its bytes and its folder entry on disk before its row commits, so it
// survives an OS crash as the row does (db/connect.ts: synchronous = FULL); see durability.test.ts.
async function writeSynced(target: string, bytes: Uint8Array): Promise<void> {
  const file = await open(target, 'wx');
  try {
    await file.writeFile(bytes);
    await file.sync();
  } finally {
    await file.close();
  }
}

async function syncFolder(folder: string): Promise<void> {
  // Windows cannot open a folder; there the files' own sync is what it gets.
  if (process.platform === 'win32') return;
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
