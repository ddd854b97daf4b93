import { MESSAGES, RESET_CODE_VALID_MS, VERIFY_CODE_VALID_MS, isResetCodeExpired, sessionChanges } from '@portal/domain';
import { HttpError } from '../errors';
import { hashPassword, hashSecretToken, newSecretToken } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactCodePurpose, NewContactCode } from '../repositories/contact-code-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { passwordChanged } from './audit';
import { resetPasswordLink, resetPasswordMail } from './mail-templates';
import type { ServiceContext, Written } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';
import { queueSecurityMail } from './security-mail';

// Password-reset codes (docs/product/accounts-and-roles.md#password-reset,
// #one-time-codes-and-rate-limits): random, stored only as their sha256, one live code per contact
// (a new one replaces the old and restarts the day), valid RESET_CODE_VALID_MS. The admin's
// send-reset button and the public forgot-password flow both issue them here; registration issues
// its reset and verify codes with newContactCode.

const PURPOSE = 'reset';

const VALID_MS: Record<ContactCodePurpose, number> = { reset: RESET_CODE_VALID_MS, verify: VERIFY_CODE_VALID_MS };

/** A fresh one-time code: the code for the mail's link, and the row to store (only its hash). */
export function newContactCode(contactId: number, purpose: ContactCodePurpose, now: Date): { code: string; row: NewContactCode } {
  const code = newSecretToken();
  return {
    code,
    row: {
      contact_id: contactId,
      purpose,
      code_hash: hashSecretToken(code),
      date_created: now.toISOString(),
      expires_at: new Date(now.getTime() + VALID_MS[purpose]).toISOString(),
    },
  };
}

/** A new code for an active contact; 404 'Contact not found.' for an unknown or deactivated one. */
async function issueResetCode(ctx: ServiceContext, contactId: number): Promise<{ contact: ContactRow; code: string }> {
  const contact = await ctx.repos.contacts.findById(contactId);
  if (!contact || contact.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
  const { code, row } = newContactCode(contact.contact_id, PURPOSE, ctx.clock());
  await ctx.db.transaction().execute((trx) => ctx.repos.contactCodes.replace(trx, row));
  return { contact, code };
}

/** Queues the mail with a new reset link (the outbox). Failing to queue it drops the code and answers 502 'Reset code not sent.'. */
export async function sendResetCode(ctx: ServiceContext, contactId: number): Promise<{ sent: true; email: string }> {
  const { repos, config, log } = ctx;
  const { contact, code } = await issueResetCode(ctx, contactId);
  try {
    await repos.mailOutbox.add(ctx.db, { to: contact.email, ...resetPasswordMail(config.publicUrl, code, contact.first_name), headers: AUTO_SUBMITTED });
  } catch (error) {
    log.error({ err: error, contact_id: contact.contact_id }, 'reset code not sent');
    await repos.contactCodes.deleteFor(contact.contact_id, PURPOSE);
    throw new HttpError(502, MESSAGES.resetCodeNotSent);
  }
  return { sent: true, email: contact.email };
}

/** A new reset link without a mail, for an admin to hand over (shown in an alert: docs/product/accounts-and-roles.md#password-reset). */
export async function resetCodeLink(ctx: ServiceContext, contactId: number): Promise<{ link: string }> {
  const { code } = await issueResetCode(ctx, contactId);
  return { link: resetPasswordLink(ctx.config.publicUrl, code) };
}

export type ResetCodeCheck = { ok: true; codeId: number; contactId: number } | { ok: false; message: string };

/**
 * The code must exist, be at most one day old and belong to a still active contact; each failure
 * has its catalogue message (docs/product/accounts-and-roles.md#password-reset). Reading does not
 * use the code up (resetting the password does).
 */
export async function checkResetCode(ctx: ServiceContext, code: string, now: Date = ctx.clock()): Promise<ResetCodeCheck> {
  const row = await ctx.repos.contactCodes.findByHash(hashSecretToken(code), PURPOSE);
  if (!row) return { ok: false, message: MESSAGES.resetCodeInvalid };
  if (isResetCodeExpired(row.date_created, now) || Date.parse(row.expires_at) <= now.getTime()) return { ok: false, message: MESSAGES.resetCodeExpired };
  const contact = await ctx.repos.contacts.findById(row.contact_id);
  if (!contact || contact.active !== 1) return { ok: false, message: MESSAGES.contactNoLongerActive };
  return { ok: true, codeId: row.id, contactId: contact.contact_id };
}

/**
 * POST /auth/forgot (docs/product/accounts-and-roles.md#password-reset): the active contact with
 * this (trimmed) e-mail gets a new reset code and its mail in the outbox, in one transaction;
 * anyone else is 404 'Contact not found. Please try again.' (the product's answer, which tells the
 * caller whether the address has an account).
 */
export async function mailResetCodeTo(ctx: ServiceContext, email: string): Promise<Written<{ sent: true }>> {
  const { repos, config } = ctx;
  const contact = await repos.contacts.findActiveByEmail(email);
  if (!contact) throw new HttpError(404, MESSAGES.contactNotFoundTryAgain);
  const { code, row } = newContactCode(contact.contact_id, PURPOSE, ctx.clock());
  await ctx.db.transaction().execute(async (trx) => {
    await repos.contactCodes.replace(trx, row);
    await repos.mailOutbox.add(trx, { to: contact.email, ...resetPasswordMail(config.publicUrl, code, contact.first_name), headers: AUTO_SUBMITTED });
  });
  return { result: { sent: true }, changes: [] };
}

/**
 * POST /auth/reset (docs/product/accounts-and-roles.md#password-reset): the code checked as GET
 * /auth/reset/:code does (400 with its cause), then in one transaction the new password, the
 * contact verified, the code used up and every session of the contact ended but `session`, the
 * request's own when it is the contact's, with the audit trail's entry. A code used meanwhile
 * answers 400 'Reset code not found or invalid.'.
 */
export async function resetPassword(
  ctx: ServiceContext,
  body: { code: string; password: string },
  session?: { contactId: number; tokenHash: string },
  ip: string | null = null,
): Promise<Written<void>> {
  const { repos } = ctx;
  const check = await checkResetCode(ctx, body.code);
  if (!check.ok) throw new HttpError(400, check.message);
  const contact = await repos.contacts.findById(check.contactId);
  const reset = {
    contactId: check.contactId,
    codeId: check.codeId,
    passwordHash: await hashPassword(body.password, ctx.config.passwordHash),
    keepSessionHash: session?.contactId === check.contactId ? session.tokenHash : undefined,
  };
  const done = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.contacts.completeReset(trx, reset))) return false;
    // The person who holds the code is who changed the password.
    if (contact) await writeAudit(trx, [passwordChanged({ actorId: contact.contact_id, ip }, contact)], ctx.clock());
    // docs/product/accounts-and-roles.md#account-security: the owner is told.
    if (contact) await queueSecurityMail(trx, repos, ctx.config.publicUrl, contact, { kind: 'password-changed' });
    return true;
  });
  if (!done) throw new HttpError(400, MESSAGES.resetCodeInvalid);
  // Its other sessions ended: every process drops what it holds of them (docs/architecture.md#sessions-in-memory).
  return { result: undefined, changes: sessionChanges([check.contactId]) };
}
