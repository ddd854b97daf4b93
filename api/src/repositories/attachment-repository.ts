import type { Attachment } from '@portal/contract';
import type { PortalDb } from '../db/connect';
import type { AttachmentStoreName, AttachmentsTable } from '../db/schema';
import { sql, type Insertable, type Selectable } from 'kysely';

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
    internal: row.internal === 1,
  };
}

export function createAttachmentRepository(db: PortalDb) {
  return {
    /**
     * Oldest first, from the attachments(ticket_id) index; polled every second. `reach.internal`: the files of
     * internal notes too (staff); else the public ones only (docs/product/tickets.md#internal-notes).
     */
    async listFor(targetType: string, ticketId: number, reach: { internal: boolean } = { internal: false }): Promise<Attachment[]> {
      const rows = await db
        .selectFrom('attachments')
        .selectAll()
        .where('ticket_id', '=', ticketId)
        .where('target_type', '=', targetType)
        .$if(!reach.internal, (q) => q.where('internal', '=', 0))
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

    // The database store's bytes (docs/product/tickets.md#where-attachments-are-kept): chunks in order of seq.

    /** One chunk of a stored file, dated `writtenAt`, on `executor` (a move writes a file's chunks on its own transaction). */
    async addChunk(storedName: string, seq: number, bytes: Buffer, writtenAt: string, executor: PortalDb = db): Promise<void> {
      await executor.insertInto('attachment_chunks').values({ stored_name: storedName, seq, bytes, written_at: writtenAt }).execute();
    },

    /** The chunk at `seq`, or undefined past the last one. */
    async chunk(storedName: string, seq: number): Promise<Buffer | undefined> {
      const row = await db.selectFrom('attachment_chunks').select('bytes').where('stored_name', '=', storedName).where('seq', '=', seq).executeTakeFirst();
      return row?.bytes;
    },

    /** The stored file's size in bytes, or null when it has no chunks (length() counts bytes of a blob/bytea on both dialects). */
    async contentSize(storedName: string): Promise<number | null> {
      const row = await db.selectFrom('attachment_chunks')
        .select((eb) => [eb.fn.countAll<number>().as('chunks'), eb.fn.sum<number>(sql`length(bytes)`).as('size')])
        .where('stored_name', '=', storedName)
        .executeTakeFirstOrThrow();
      return Number(row.chunks) === 0 ? null : Number(row.size);
    },

    /** Answers false when there were no chunks. */
    async removeContent(storedName: string, executor: PortalDb = db): Promise<boolean> {
      const result = await executor.deleteFrom('attachment_chunks').where('stored_name', '=', storedName).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Of `storedNames`, those an attachment keeps in `store`: what the leftover job must not remove. Uses the
     * attachments(stored_name) index; the caller passes a bounded page of names.
     */
    async namesKeptIn(store: AttachmentStoreName, storedNames: readonly string[]): Promise<Set<string>> {
      if (storedNames.length === 0) return new Set();
      const rows = await db.selectFrom('attachments').select('stored_name')
        .where('stored_in', '=', store).where('stored_name', 'in', storedNames).execute();
      return new Set(rows.map((row) => row.stored_name));
    },

    /**
     * Up to `limit` stored names whose chunks were begun before `writtenBefore` (ISO) and that no attachment keeps
     * in the database: bytes a stopped upload or move left behind (docs/product/tickets.md#leftover-bytes).
     */
    async leftoverChunkNames(writtenBefore: string, limit: number): Promise<string[]> {
      const rows = await db.selectFrom('attachment_chunks as c').select('c.stored_name')
        .where('c.seq', '=', 0)
        .where('c.written_at', '<', writtenBefore)
        .where(({ not, exists, selectFrom }) => not(exists(
          selectFrom('attachments as a').select('a.attachment_id')
            .whereRef('a.stored_name', '=', 'c.stored_name').where('a.stored_in', '=', 'database'),
        )))
        .orderBy('c.stored_name')
        .limit(limit)
        .execute();
      return rows.map((row) => row.stored_name);
    },

    async countStoredIn(store: AttachmentStoreName): Promise<number> {
      const row = await db.selectFrom('attachments').select((eb) => eb.fn.countAll<number>().as('n')).where('stored_in', '=', store).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A page of the attachments whose bytes are in `store`, in id order after `afterId`: what a move walks. */
    async listStoredIn(store: AttachmentStoreName, afterId: number, limit: number): Promise<AttachmentRow[]> {
      return db.selectFrom('attachments').selectAll().where('stored_in', '=', store).where('attachment_id', '>', afterId)
        .orderBy('attachment_id').limit(limit).execute();
    },

    /** Marks where an attachment's bytes are, on the move's transaction; answers false when it was not in `from` (moved meanwhile, or deleted). */
    async markStoredIn(trx: PortalDb, attachmentId: number, from: AttachmentStoreName, to: AttachmentStoreName): Promise<boolean> {
      const result = await trx.updateTable('attachments').set({ stored_in: to })
        .where('attachment_id', '=', attachmentId).where('stored_in', '=', from).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
