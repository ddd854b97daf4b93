import { mkdir, open, unlink } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Attachment } from '@portal/contract';
import type { AttachmentExtension, Change } from '@portal/domain';
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

const attachmentsChanged = (ticket: TicketRef): Change => ({ kind: 'attachments', ticketId: ticket.ticket_id, companyId: ticket.company_id });

/**
 * Stores the files of one upload: each under a generated name (the user's file name never reaches
 * the disk), synced with its folder entry, then every row in one transaction. A failure anywhere
 * removes the files written: a refused or failed upload leaves nothing behind.
 */
export async function storeAttachments(
  ctx: ServiceContext,
  upload: { ticket: TicketRef; targetType: string; contactId: number; files: readonly ReceivedFile[] },
): Promise<Written<Attachment[]>> {
  const { uploadsDir } = ctx.config;
  await mkdir(uploadsDir, { recursive: true });
  const written: string[] = [];
  try {
    const now = ctx.clock().toISOString();
    const rows: NewAttachment[] = [];
    for (const file of upload.files) {
      const storedName = `${randomUUID()}.${file.extension}`;
      const target = path.join(uploadsDir, storedName);
      await writeSynced(target, file.bytes);
      written.push(target);
      rows.push({
        ticket_id: upload.ticket.ticket_id,
        target_type: upload.targetType,
        contact_id: upload.contactId,
        name: file.name,
        stored_name: storedName,
        type: MIME_TYPES[file.extension],
        size: file.bytes.length,
        date_created: now,
      });
    }
    await syncFolder(uploadsDir);
    const created = rows.length === 0 ? [] : await ctx.db.transaction().execute((trx) => ctx.repos.attachments.createMany(trx, rows));
    return { result: created, changes: [attachmentsChanged(upload.ticket)] };
  } catch (error) {
    await Promise.all(written.map((file) => unlink(file).catch(() => undefined)));
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
