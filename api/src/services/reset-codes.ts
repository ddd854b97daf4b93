import { createHmac } from 'node:crypto';
import { MESSAGES, RESET_CODE_VALID_MS, VERIFY_CODE_VALID_MS, isResetCodeExpired, sessionChanges } from '@portal/domain';
import { HttpError } from '../errors';
import { hashPassword, hashSecretToken, newSecretToken } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactCodePurpose, ContactCodeRow, NewContactCode } from '../repositories/contact-code-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { passwordChanged } from './audit';
import { mailLanguage } from '../messages';
import { resetPasswordLink, resetPasswordMail } from './mail-templates';
import type { ServiceContext, Written } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';
import { queueSecurityMail } from './security-mail';
import { secretsKeyFor } from '../secret-box';

// Password-reset codes (docs/product/accounts-and-roles.md#password-reset,
// #one-time-codes-and-rate-limits): unguessable (an HMAC under the secrets key, resetCodeOf; a
// registration's are random), stored only as their sha256, one live code per contact
// (a new one replaces the old and restarts the day), valid RESET_CODE_VALID_MS. The admin's
// send-reset button and the public forgot-password flow both issue them here; registration issues
// its reset and verify codes with newContactCode. The admin's link (GET) is a read: it shows the
// live code and makes one only when there is none, so it never kills a link someone was sent.

const PURPOSE = 'reset';

const VALID_MS: Record<ContactCodePurpose, number> = { reset: RESET_CODE_VALID_MS, verify: VERIFY_CODE_VALID_MS };

/** A fresh one-time code: the code for the mail's link (random unless given), and the row to store (only its hash). */
export function newContactCode(contactId: number, purpose: ContactCodePurpose, now: Date, code = newSecretToken()): { code: string; row: NewContactCode } {
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

/**
 * The reset code of a contact made at `dateCreated`: an HMAC under the secrets key (secret-box.ts), so that the
 * admin's link can show a live code again instead of replacing it. The database keeps its sha256 alone, as for every
 * code: what it holds opens nothing without the key.
 */
function resetCodeOf(ctx: ServiceContext, contactId: number, dateCreated: string): string {
  return createHmac('sha256', secretsKeyFor(ctx.config)).update(`reset-code:${contactId}:${dateCreated}`).digest('base64url');
}

/** A new reset code for the contact, one resetCodeOf can make again: every reset code is made here. */
export function newResetCode(ctx: ServiceContext, contactId: number, now: Date = ctx.clock()): { code: string; row: NewContactCode } {
  return newContactCode(contactId, PURPOSE, now, resetCodeOf(ctx, contactId, now.toISOString()));
}

/** At most a day old and before its expiry: what checkResetCode accepts. */
const isLive = (row: Pick<ContactCodeRow, 'date_created' | 'expires_at'>, now: Date) =>
  !isResetCodeExpired(row.date_created, now) && Date.parse(row.expires_at) > now.getTime();

/** The active contact, else 404 'Contact not found.'. */
async function activeContact(ctx: ServiceContext, contactId: number): Promise<ContactRow> {
  const contact = await ctx.repos.contacts.findById(contactId);
  if (!contact || contact.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
  return contact;
}

/** A new code for an active contact; 404 'Contact not found.' for an unknown or deactivated one. */
async function issueResetCode(ctx: ServiceContext, contactId: number): Promise<{ contact: ContactRow; code: string }> {
  const contact = await activeContact(ctx, contactId);
  const { code, row } = newResetCode(ctx, contact.contact_id);
  await ctx.db.transaction().execute((trx) => ctx.repos.contactCodes.replace(trx, row));
  return { contact, code };
}

/** Queues the mail with a new reset link (the outbox). Failing to queue it drops the code and answers 502 'Reset code not sent.'. */
export async function sendResetCode(ctx: ServiceContext, contactId: number): Promise<{ sent: true; email: string }> {
  const { repos, config, log } = ctx;
  const { contact, code } = await issueResetCode(ctx, contactId);
  try {
    const language = await mailLanguage(ctx.db, contact.contact_id);
    await repos.mailOutbox.add(ctx.db, { to: contact.email, ...resetPasswordMail(config.publicUrl, code, contact.first_name, language), headers: AUTO_SUBMITTED });
  } catch (error) {
    log.error({ err: error, contact_id: contact.contact_id }, 'reset code not sent');
    await repos.contactCodes.deleteFor(contact.contact_id, PURPOSE);
    throw new HttpError(502, MESSAGES.resetCodeNotSent);
  }
  return { sent: true, email: contact.email };
}

/**
 * The contact's reset link without a mail, for an admin to hand over (docs/product/accounts-and-roles.md#password-reset).
 * A read: the live code's link when there is one (the one mailed, which keeps working), a new code only when none is
 * live. A live code it cannot make again (a registration's random one, or one made under another secrets key) is kept:
 * 409 'A reset link sent earlier is still valid…', and the admin mails a new one (POST), whose link this then shows.
 */
export async function resetCodeLink(ctx: ServiceContext, contactId: number): Promise<{ link: string }> {
  const { repos } = ctx;
  const contact = await activeContact(ctx, contactId);
  const code = await ctx.db.transaction().execute(async (trx) => {
    const live = await repos.contactCodes.findFor(contact.contact_id, PURPOSE, trx);
    if (live && isLive(live, ctx.clock())) {
      const again = resetCodeOf(ctx, contact.contact_id, live.date_created);
      if (hashSecretToken(again) !== live.code_hash) throw new HttpError(409, MESSAGES.resetLinkPending);
      return again;
    }
    const made = newResetCode(ctx, contact.contact_id);
    await repos.contactCodes.replace(trx, made.row);
    return made.code;
  });
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
  if (!isLive(row, now)) return { ok: false, message: MESSAGES.resetCodeExpired };
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
  const { code, row } = newResetCode(ctx, contact.contact_id);
  await ctx.db.transaction().execute(async (trx) => {
    await repos.contactCodes.replace(trx, row);
    await repos.mailOutbox.add(trx, {
      to: contact.email, ...resetPasswordMail(config.publicUrl, code, contact.first_name, await mailLanguage(trx, contact.contact_id)), headers: AUTO_SUBMITTED,
    });
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
