import type { PortalDb } from '../db/connect';
import { mailLanguage } from '../messages';
import type { ContactRow } from '../repositories/contact-repository';
import { contactAddAttemptMail, contactInvitationMail } from './contact-invitation-mail';
import { newContactCode, newResetCode } from './reset-codes';
import type { ServiceContext } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';

// Adding a contact by e-mail (docs/product/companies-and-contacts.md#contacts) mails the address either
// way: a new contact gets its invitation (confirm the address, set a password), the owner of an address
// already in use is told a company tried to add them. The caller is told the same in both cases.

/** The name the mails give the company; read before the transaction that writes them (one connection on SQLite). */
export async function companyNameOf(ctx: ServiceContext, companyId: number): Promise<string> {
  return (await ctx.repos.companies.findById(companyId))?.name ?? 'A company';
}

/**
 * On the transaction that made the contact: not yet confirmed (contact meta `verified` '0'), a verify and a
 * reset code, and the invitation carrying both in the outbox. Unused, the links let the address go
 * (unclaimed-addresses.ts).
 */
export async function inviteNewContact(
  trx: PortalDb, ctx: ServiceContext, companyName: string, contact: { contact_id: number; first_name: string; email: string },
): Promise<void> {
  const { repos, config } = ctx;
  const now = ctx.clock();
  const verify = newContactCode(contact.contact_id, 'verify', now);
  const reset = newResetCode(ctx, contact.contact_id, now);
  await repos.contacts.upsertMeta(trx, contact.contact_id, 'verified', '0');
  await repos.contactCodes.replace(trx, verify.row);
  await repos.contactCodes.replace(trx, reset.row);
  const mail = contactInvitationMail(config.publicUrl, {
    firstName: contact.first_name, companyName, verifyCode: verify.code, resetCode: reset.code,
  }, await mailLanguage(trx, contact.contact_id));
  await repos.mailOutbox.add(trx, { to: contact.email, ...mail, headers: AUTO_SUBMITTED });
}

/** Tells the owner of an address a company tried to add; nothing of theirs changes. A deactivated contact is not written to. */
export async function tellOwnerOfAddAttempt(ctx: ServiceContext, companyId: number, owner: ContactRow): Promise<void> {
  if (owner.active !== 1) return;
  const mail = contactAddAttemptMail(
    { firstName: owner.first_name, companyName: await companyNameOf(ctx, companyId), email: owner.email }, await mailLanguage(ctx.db, owner.contact_id),
  );
  await ctx.repos.mailOutbox.add(ctx.db, { to: owner.email, ...mail, headers: AUTO_SUBMITTED });
}
