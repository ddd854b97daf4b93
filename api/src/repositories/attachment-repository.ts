import type { Attachment } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import type { AttachmentsTable } from '../db/schema';
import type { Insertable, Selectable } from 'kysely';

export type AttachmentRepository = ReturnType<typeof createAttachmentRepository>;
export type AttachmentRow = Selectable<AttachmentsTable>;
/** The row of one stored file of an upload. */
export type NewAttachment = Insertable<AttachmentsTable>;

/** The answer shape: the file is reached through the authorized download route, never a public path. */
export function toAttachment(row: AttachmentRow): Attachment {
  return {
    attachment_id: row.attachment_id,
    ticket_id: row.ticket_id,
    target_type: row.target_type,
    contact_id: row.contact_id,
    name: row.name,
    url: `/api/attachments/${row.attachment_id}/download`,
    type: row.type,
    size: row.size,
    date_created: row.date_created,
  };
}

export function createAttachmentRepository(db: PortalDb) {
  return {
    /** Oldest first, from the attachments(ticket_id) index; polled every second. */
    async listFor(targetType: string, ticketId: number): Promise<Attachment[]> {
      const rows = await db
        .selectFrom('attachments')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .where('target_type', '=', targetType)
        .orderBy('attachment_id')
        .execute();
      return rows.map(toAttachment);
    },

    async findById(attachmentId: number): Promise<AttachmentRow | undefined> {
      return db.selectFrom('attachments').selectAll().where('attachment_id', '=', attachmentId).executeTakeFirst();
    },

    /** Every file of one upload, on `trx`: a failure leaves no row behind. */
    async createMany(trx: PortalDb, rows: readonly NewAttachment[]): Promise<Attachment[]> {
      const created: Attachment[] = [];
      for (const row of rows) {
        created.push(toAttachment(await trx.insertInto('attachments').values(row).returningAll().executeTakeFirstOrThrow()));
      }
      return created;
    },

    async delete(attachmentId: number): Promise<number> {
      const result = await db.deleteFrom('attachments').where('attachment_id', '=', attachmentId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
