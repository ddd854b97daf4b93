import { isUnclaimedContact } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { auditRecord, contactTarget, type AuditActor } from './audit';
import type { ServiceContext } from './service-context';

// An address is held for good only once confirmed (docs/product/companies-and-contacts.md#contacts):
// a contact added by a registration or the contacts editor who let every link of its welcome mail
// expire unused (isUnclaimedContact) gives it up when someone registers or adds that address. The
// contact is not reused for the newcomer (it may belong to a company the newcomer never chose): it is
// deactivated under an address that reaches nobody, and the trail says so.

/** An address under the `.invalid` top-level domain (RFC 2606), one per contact: it never reaches anyone. */
const releasedAddress = (contactId: number) => `released-${contactId}@unclaimed.invalid`;

async function hasLiveCode(ctx: ServiceContext, contactId: number, on: PortalDb): Promise<boolean> {
  const now = ctx.clock().getTime();
  for (const purpose of ['verify', 'reset'] as const) {
    const code = await ctx.repos.contactCodes.findFor(contactId, purpose, on);
    if (code && Date.parse(code.expires_at) > now) return true;
  }
  return false;
}

async function isUnclaimed(ctx: ServiceContext, contact: ContactRow, on: PortalDb, hasSession: boolean): Promise<boolean> {
  return isUnclaimedContact({
    group_id: contact.group_id,
    verified: await ctx.repos.contacts.metaValue(contact.contact_id, 'verified', on),
    date_created: contact.date_created,
    hasLiveCode: await hasLiveCode(ctx, contact.contact_id, on),
    hasSession,
  }, ctx.clock());
}

/**
 * Lets go of `email` when an unconfirmed contact holds it (see the top of this file); answers whether it
 * did. A contact who confirmed, or still may, keeps it.
 */
export async function releaseUnclaimedAddress(ctx: ServiceContext, email: string, actor: AuditActor): Promise<boolean> {
  const holder = await ctx.repos.contacts.findByEmail(email);
  if (!holder) return false;
  const hasSession = (await ctx.repos.sessions.listOf(holder.contact_id, ctx.clock(), new Date(0))).length > 0;
  if (!(await isUnclaimed(ctx, holder, ctx.db, hasSession))) return false;
  return ctx.db.transaction().execute(async (trx) => {
    // Checked again on the transaction: a reset link asked for meanwhile keeps the address.
    if (!(await isUnclaimed(ctx, holder, trx, hasSession))) return false;
    await ctx.repos.contacts.update(trx, holder.contact_id, { email: releasedAddress(holder.contact_id), active: 0 });
    await writeAudit(trx, [auditRecord(actor, 'contact.released', contactTarget(holder), [
      { field: 'email', before: holder.email, after: releasedAddress(holder.contact_id) },
      { field: 'active', before: holder.active, after: 0 },
    ])], ctx.clock());
    return true;
  });
}
