import type { Tag, TicketTags } from '@portal/contract';
import { MESSAGES, TICKET_TAGS_MAX, canSeeTags, tagKey, ticketChanges, type Change, type Viewer } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import { withTagNames } from '../repositories/tag-repository';
import type { ServiceContext, Written } from './service-context';

// Tags (docs/product/tags-and-views.md). The routes have checked the caller: staff to tag a ticket they may see,
// an admin to rename or delete. A tag on a ticket is a change of that ticket (its lists and screen refresh); a
// rename or delete changes every list a tag shows in: every answer kept in memory goes, as an option change does.

/** Renaming or deleting a tag changes every answer that names it. */
const TAGS_CHANGE: Change = { kind: 'option', name: 'tags' };
/**
 * Up to this many tickets of a renamed or deleted tag are told to open screens as changed tickets (their screens and
 * lists refresh at once); a tag on more is told as the option change alone, which screens catch up with at their poll.
 */
const TOLD_TICKETS_MAX = 200;

async function tagChanges(ctx: ServiceContext, trx: PortalDb, tagId: number): Promise<Change[]> {
  const tickets = await ctx.repos.tags.ticketsOf(trx, tagId, TOLD_TICKETS_MAX + 1);
  if (tickets.length > TOLD_TICKETS_MAX) return [TAGS_CHANGE];
  return [TAGS_CHANGE, ...tickets.flatMap((ticket) => ticketChanges(ticket, [ticket.assignee_id]))];
}

type TaggedTicket = { ticket_id: number; company_id: number; assignee_id: number | null };

/** Puts the tag `name` (normalised by the contract) on the ticket, creating the tag when it is new. */
export async function addTicketTag(ctx: ServiceContext, ticket: TaggedTicket, name: string): Promise<Written<TicketTags>> {
  const tags = await ctx.db.transaction().execute(async (trx) => {
    const current = await ctx.repos.tags.namesOf(trx, ticket.ticket_id);
    if (current.some((carried) => tagKey(carried) === tagKey(name))) return current;
    if (current.length >= TICKET_TAGS_MAX) throw new HttpError(400, MESSAGES.tooManyTags);
    const tag = await ctx.repos.tags.findOrCreate(trx, name);
    await ctx.repos.tags.tag(trx, ticket.ticket_id, tag.id);
    return ctx.repos.tags.namesOf(trx, ticket.ticket_id);
  });
  return { result: { ticket_id: ticket.ticket_id, tags }, changes: ticketChanges(ticket, [ticket.assignee_id]) };
}

/** Takes the tag `name` (ignoring case) off the ticket; a tag it does not carry changes nothing. */
export async function removeTicketTag(ctx: ServiceContext, ticket: TaggedTicket, name: string): Promise<Written<TicketTags>> {
  const { removed, tags } = await ctx.db.transaction().execute(async (trx) => {
    const gone = await ctx.repos.tags.untag(trx, ticket.ticket_id, name);
    return { removed: gone, tags: await ctx.repos.tags.namesOf(trx, ticket.ticket_id) };
  });
  return { result: { ticket_id: ticket.ticket_id, tags }, changes: removed ? ticketChanges(ticket, [ticket.assignee_id]) : [] };
}

/** An admin renames a tag; a name another tag already has (ignoring case) merges this one into that one. */
export async function renameTag(ctx: ServiceContext, tagId: number, name: string): Promise<Written<Tag>> {
  const { kept, changes } = await ctx.db.transaction().execute(async (trx) => {
    const tag = await ctx.repos.tags.findById(tagId, trx);
    if (!tag) throw new HttpError(404, MESSAGES.tagNotFound);
    const told = await tagChanges(ctx, trx, tagId);
    const other = await ctx.repos.tags.findByName(trx, name);
    if (other && other.id !== tagId) {
      await ctx.repos.tags.merge(trx, tagId, other.id);
      return { kept: other.id, changes: told };
    }
    await ctx.repos.tags.rename(trx, tagId, name);
    return { kept: tagId, changes: told };
  });
  const result = await ctx.repos.tags.findById(kept);
  if (!result) throw new HttpError(404, MESSAGES.tagNotFound);
  return { result, changes };
}

/** An admin deletes a tag: it goes from every ticket. */
export async function deleteTag(ctx: ServiceContext, tagId: number): Promise<Written<number>> {
  const { deleted, changes } = await ctx.db.transaction().execute(async (trx) => {
    const told = await tagChanges(ctx, trx, tagId);
    return { deleted: await ctx.repos.tags.delete(trx, tagId), changes: told };
  });
  if (deleted === 0) throw new HttpError(404, MESSAGES.tagNotFound);
  return { result: deleted, changes };
}

/** `tickets` with their `tags` for staff; for anyone else without (a client never receives a tag). */
export async function withTags<T extends { ticket_id: number; tags?: string[] }>(ctx: ServiceContext, viewer: Viewer, tickets: T[]): Promise<T[]> {
  if (!canSeeTags(viewer)) return tickets.map(({ tags: _tags, ...rest }) => rest as T);
  return withTagNames(ctx.db, tickets);
}
