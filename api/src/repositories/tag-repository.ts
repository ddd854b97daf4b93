import type { Tag } from '@portal/contract';
import { tagKey } from '@portal/domain';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { PortalDb } from '../db/connect';

export type TagRepository = ReturnType<typeof createTagRepository>;

/**
 * The condition "ticket `t` carries every one of `names`" (ignoring case), for the lists' tag filter
 * (docs/product/tags-and-views.md#filtering-by-tag): one indexed lookup per tag.
 */
export function carriesEveryTag(names: readonly string[]): RawBuilder<SqlBool> {
  const each = names.map((name) => sql<SqlBool>`exists (select 1 from ticket_tags tt inner join tags tg on tg.id = tt.tag_id where tt.ticket_id = t.ticket_id and tg.name_key = ${tagKey(name)})`);
  return each.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(each, sql` and `)})`;
}

const TAG_READ_SLICE = 5_000;

/** Each ticket's tags by name, alphabetically; a ticket without any is absent. */
export async function tagNamesOf(db: PortalDb, ticketIds: readonly number[]): Promise<Map<number, string[]>> {
  const byTicket = new Map<number, string[]>();
  const ids = [...new Set(ticketIds)];
  // A whole board may list more tickets than one statement takes parameters (PostgreSQL: 65,535): read in slices.
  for (let at = 0; at < ids.length; at += TAG_READ_SLICE) {
    const rows = await db.selectFrom('ticket_tags as tt').innerJoin('tags as tg', 'tg.id', 'tt.tag_id')
      .select(['tt.ticket_id', 'tg.name'])
      .where('tt.ticket_id', 'in', ids.slice(at, at + TAG_READ_SLICE))
      .orderBy('tg.name_key')
      .execute();
    for (const row of rows) byTicket.set(row.ticket_id, [...(byTicket.get(row.ticket_id) ?? []), row.name]);
  }
  return byTicket;
}

/** `tickets`, each with its `tags` (an empty list for none). */
export async function withTagNames<T extends { ticket_id: number }>(db: PortalDb, tickets: T[]): Promise<(T & { tags: string[] })[]> {
  const names = await tagNamesOf(db, tickets.map((t) => t.ticket_id));
  return tickets.map((ticket) => ({ ...ticket, tags: names.get(ticket.ticket_id) ?? [] }));
}

/** Tags (docs/product/tags-and-views.md): a name unique ignoring case (name_key), on tickets through ticket_tags. */
export function createTagRepository(db: PortalDb, clock: () => Date) {
  function listQuery(trx: PortalDb = db) {
    return trx.selectFrom('tags as tg')
      .select((eb) => [
        'tg.id', 'tg.name', 'tg.date_created',
        eb.selectFrom('ticket_tags as tt').whereRef('tt.tag_id', '=', 'tg.id').select((inner) => inner.fn.countAll<number | string>().as('n')).as('usage_count'),
      ]);
  }
  type Row = Awaited<ReturnType<ReturnType<typeof listQuery>['execute']>>[number];
  const toTag = (row: Row): Tag => ({ id: row.id, name: row.name, date_created: row.date_created, usage_count: Number(row.usage_count ?? 0) });

  return {
    /** Every tag with its usage, by name; with `q`, those whose name contains it (the autocomplete). */
    async list(q?: string): Promise<Tag[]> {
      const text = tagKey(q ?? '');
      const rows = await listQuery()
        .$if(text !== '', (query) => query.where(sql<SqlBool>`tg.name_key like ${`%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`} escape '\\'`))
        .orderBy('tg.name_key')
        .execute();
      return rows.map(toTag);
    },

    async findById(id: number, trx: PortalDb = db): Promise<Tag | undefined> {
      const row = await listQuery(trx).where('tg.id', '=', id).executeTakeFirst();
      return row ? toTag(row) : undefined;
    },

    async findByName(trx: PortalDb, name: string): Promise<{ id: number; name: string } | undefined> {
      return trx.selectFrom('tags').select(['id', 'name']).where('name_key', '=', tagKey(name)).executeTakeFirst();
    },

    /** The tag named `name` (ignoring case), created as written when there is none; concurrent creators get one tag. */
    async findOrCreate(trx: PortalDb, name: string): Promise<{ id: number; name: string }> {
      await trx.insertInto('tags').values({ name, name_key: tagKey(name), date_created: clock().toISOString() })
        .onConflict((oc) => oc.column('name_key').doNothing())
        .execute();
      return trx.selectFrom('tags').select(['id', 'name']).where('name_key', '=', tagKey(name)).executeTakeFirstOrThrow();
    },

    async countOnTicket(trx: PortalDb, ticketId: number): Promise<number> {
      const row = await trx.selectFrom('ticket_tags').select((eb) => eb.fn.countAll<number | string>().as('n')).where('ticket_id', '=', ticketId).executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Puts the tag on the ticket; answers whether it was not there yet. */
    async tag(trx: PortalDb, ticketId: number, tagId: number): Promise<boolean> {
      const result = await trx.insertInto('ticket_tags').values({ ticket_id: ticketId, tag_id: tagId, date_added: clock().toISOString() })
        .onConflict((oc) => oc.columns(['ticket_id', 'tag_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Takes the tag named `name` (ignoring case) off the ticket; answers whether it was there. */
    async untag(trx: PortalDb, ticketId: number, name: string): Promise<boolean> {
      const result = await trx.deleteFrom('ticket_tags')
        .where('ticket_id', '=', ticketId)
        .where('tag_id', 'in', (eb) => eb.selectFrom('tags').select('id').where('name_key', '=', tagKey(name)))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async namesOf(trx: PortalDb, ticketId: number): Promise<string[]> {
      return (await tagNamesOf(trx, [ticketId])).get(ticketId) ?? [];
    },

    /** The tickets carrying the tag (what a rename or delete changes). */
    async ticketsOf(trx: PortalDb, tagId: number, limit: number): Promise<{ ticket_id: number; company_id: number; assignee_id: number | null }[]> {
      return trx.selectFrom('ticket_tags as tt').innerJoin('tickets as t', 't.ticket_id', 'tt.ticket_id')
        .select(['t.ticket_id', 't.company_id', 't.assignee_id']).where('tt.tag_id', '=', tagId).limit(limit).execute();
    },

    async rename(trx: PortalDb, tagId: number, name: string): Promise<void> {
      await trx.updateTable('tags').set({ name, name_key: tagKey(name) }).where('id', '=', tagId).execute();
    },

    /** Moves every ticket of tag `from` to tag `into` (once each) and deletes `from`: a merge. */
    async merge(trx: PortalDb, from: number, into: number): Promise<void> {
      await trx.deleteFrom('ticket_tags').where('tag_id', '=', from)
        .where('ticket_id', 'in', (eb) => eb.selectFrom('ticket_tags').select('ticket_id').where('tag_id', '=', into))
        .execute();
      await trx.updateTable('ticket_tags').set({ tag_id: into }).where('tag_id', '=', from).execute();
      await trx.deleteFrom('tags').where('id', '=', from).execute();
    },

    async delete(trx: PortalDb, tagId: number): Promise<number> {
      await trx.deleteFrom('ticket_tags').where('tag_id', '=', tagId).execute();
      const result = await trx.deleteFrom('tags').where('id', '=', tagId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
