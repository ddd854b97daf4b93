import type { SavedReply, SavedReplyFilled } from '@portal/contract';
import { MESSAGES, canManageSavedReply, canSeeSavedReply, fillSavedReply, savedReplyTokenValues, type Viewer } from '@portal/domain';
import { HttpError } from '../errors';
import type { ServiceContext } from './service-context';

// Saved replies (docs/product/saved-replies.md). The route has checked the caller is staff; each function here
// applies the rule for the one reply: a colleague's personal reply is answered as not found (no one learns it
// exists), a shared one an agent may read but not write is refused.

async function visibleReply(ctx: ServiceContext, viewer: Viewer, id: number): Promise<SavedReply> {
  const reply = await ctx.repos.savedReplies.findById(id);
  if (!reply || !canSeeSavedReply(viewer, reply)) throw new HttpError(404, MESSAGES.savedReplyNotFound);
  return reply;
}

async function writableReply(ctx: ServiceContext, viewer: Viewer, id: number): Promise<SavedReply> {
  const reply = await visibleReply(ctx, viewer, id);
  if (!canManageSavedReply(viewer, reply)) throw new HttpError(403, MESSAGES.notAuthorized);
  return reply;
}

/** A new reply: shared (an admin's choice) or the caller's own. */
export async function createSavedReply(
  ctx: ServiceContext, viewer: Viewer, input: { title: string; body: string; shared: boolean },
): Promise<SavedReply> {
  const owner_id = input.shared ? null : viewer.contactId;
  if (!canManageSavedReply(viewer, { owner_id })) throw new HttpError(403, MESSAGES.notAuthorized);
  return ctx.repos.savedReplies.create({ title: input.title, body: input.body, owner_id });
}

export async function updateSavedReply(ctx: ServiceContext, viewer: Viewer, id: number, changes: { title: string; body: string }): Promise<SavedReply> {
  await writableReply(ctx, viewer, id);
  const updated = await ctx.repos.savedReplies.update(id, changes);
  if (!updated) throw new HttpError(404, MESSAGES.savedReplyNotFound);
  return updated;
}

export async function deleteSavedReply(ctx: ServiceContext, viewer: Viewer, id: number): Promise<number> {
  await writableReply(ctx, viewer, id);
  return ctx.repos.savedReplies.delete(id);
}

/**
 * Inserting a reply into a note on a ticket the caller may see: one more use counted, and the text with its
 * tokens filled from the ticket, its requester and the caller.
 */
export async function useSavedReply(ctx: ServiceContext, viewer: Viewer, id: number, ticketId: number): Promise<SavedReplyFilled> {
  const reply = await visibleReply(ctx, viewer, id);
  const context = await ctx.repos.savedReplies.tokenContext(ticketId, viewer.contactId);
  if (!context) throw new HttpError(404, MESSAGES.ticketNotFound);
  const usage_count = await ctx.repos.savedReplies.countUse(id);
  if (usage_count === undefined) throw new HttpError(404, MESSAGES.savedReplyNotFound);
  return { text: fillSavedReply(reply.body, savedReplyTokenValues(context)), usage_count };
}

