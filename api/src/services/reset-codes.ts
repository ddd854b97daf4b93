import { MESSAGES, RESET_CODE_VALID_MS, VERIFY_CODE_VALID_MS, isResetCodeExpired } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { hashPassword, hashSecretToken, newSecretToken } from '../password';
import type { ContactCodePurpose, NewContactCode } from '../repositories/contact-code-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { passwordChanged } from './audit';
import { resetPasswordLink, resetPasswordMail } from './mail-templates';

// Password-reset codes (DESIGN §8, spec 001 §4 "Password reset"): random, stored only as their
// sha256, one live code per contact (a new one replaces the old and restarts the day), valid
// RESET_CODE_VALID_MS. The admin's send-reset button and the public forgot-password flow both
// issue them here; registration issues its reset and verify codes with newContactCode.

const PURPOSE = 'reset';

const VALID_MS: Record<ContactCodePurpose, number> = { reset: RESET_CODE_VALID_MS, verify: VERIFY_CODE_VALID_MS };

/** A fresh one-time code: the code for the mail's link, and the row to store (only its hash). */
export function newContactCode(contactId: number, purpose: ContactCodePurpose, now = new Date()): { code: string; row: NewContactCode } {
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
async function issueResetCode(app: FastifyInstance, contactId: number, now = new Date()): Promise<{ contact: ContactRow; code: string }> {
  const contact = await app.repos.contacts.findById(contactId);
  if (!contact || contact.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
  const { code, row } = newContactCode(contact.contact_id, PURPOSE, now);
  await app.repos.contactCodes.replace(row);
  return { contact, code };
}

/** Queues the mail with a new reset link (the outbox). Failing to queue it drops the code and answers 502 'Reset code not sent.'. */
export async function sendResetCode(app: FastifyInstance, contactId: number, log: FastifyBaseLogger): Promise<{ sent: true; email: string }> {
  const { contact, code } = await issueResetCode(app, contactId);
  try {
    await app.repos.mailOutbox.add({ to: contact.email, ...resetPasswordMail(app.config.publicUrl, code, contact.first_name) });
  } catch (error) {
    log.error({ err: error, contact_id: contact.contact_id }, 'reset code not sent');
    await app.repos.contactCodes.deleteFor(contact.contact_id, PURPOSE);
    throw new HttpError(502, MESSAGES.resetCodeNotSent);
  }
  return { sent: true, email: contact.email };
}

/** A new reset link without a mail, for an admin to hand over (spec 001 §7: shown in an alert). */
export async function resetCodeLink(app: FastifyInstance, contactId: number): Promise<{ link: string }> {
  const { code } = await issueResetCode(app, contactId);
  return { link: resetPasswordLink(app.config.publicUrl, code) };
}

export type ResetCodeCheck = { ok: true; codeId: number; contactId: number } | { ok: false; message: string };

/**
 * Spec 001 §5: the code must exist, be at most one day old and belong to a still active contact;
 * each failure has its catalogue message. Reading does not use the code up (`contactCodes.consume`
 * does, once the new password is saved).
 */
export async function checkResetCode(app: FastifyInstance, code: string, now = new Date()): Promise<ResetCodeCheck> {
  const row = await app.repos.contactCodes.findByHash(hashSecretToken(code), PURPOSE);
  if (!row) return { ok: false, message: MESSAGES.resetCodeInvalid };
  if (isResetCodeExpired(row.date_created, now) || Date.parse(row.expires_at) <= now.getTime()) return { ok: false, message: MESSAGES.resetCodeExpired };
  const contact = await app.repos.contacts.findById(row.contact_id);
  if (!contact || contact.active !== 1) return { ok: false, message: MESSAGES.contactNoLongerActive };
  return { ok: true, codeId: row.id, contactId: contact.contact_id };
}

/**
 * POST /auth/forgot (spec 001 §5): the active contact with this (trimmed) e-mail gets a new reset
 * code and its mail in the outbox, in one transaction; anyone else is 404 'Contact not found.
 * Please try again.' (the spec's answer, which tells the caller whether the address has an account).
 */
export async function mailResetCodeTo(app: FastifyInstance, email: string): Promise<{ sent: true }> {
  const contact = await app.repos.contacts.findActiveByEmail(email);
  if (!contact) throw new HttpError(404, MESSAGES.contactNotFoundTryAgain);
  const { code, row } = newContactCode(contact.contact_id, PURPOSE);
  await app.db.transaction().execute(async (trx) => {
    await app.repos.contactCodes.replace(row, trx);
    await app.repos.mailOutbox.add({ to: contact.email, ...resetPasswordMail(app.config.publicUrl, code, contact.first_name) }, trx);
  });
  return { sent: true };
}

/**
 * POST /auth/reset (spec 001 §4 "Password reset"): the code checked as GET /auth/reset/:code does
 * (400 with its cause), then in one transaction the new password, the contact verified, the code
 * used up and every session of the contact ended but `session`, the request's own when it is the
 * contact's, with the audit trail's entry. A code used meanwhile answers 400 'Reset code not found or invalid.'.
 */
export async function resetPassword(
  app: FastifyInstance,
  body: { code: string; password: string },
  session?: { contactId: number; tokenHash: string },
  ip: string | null = null,
): Promise<void> {
  const check = await checkResetCode(app, body.code);
  if (!check.ok) throw new HttpError(400, check.message);
  const contact = await app.repos.contacts.findById(check.contactId);
  // The person who holds the code is who changed the password.
  const audit = contact
    ? [passwordChanged({ actorId: contact.contact_id, ip }, contact)]
    : [];
  const done = await app.repos.contacts.completeReset({
    contactId: check.contactId,
    codeId: check.codeId,
    passwordHash: await hashPassword(body.password),
    keepSessionHash: session?.contactId === check.contactId ? session.tokenHash : undefined,
  }, audit);
  if (!done) throw new HttpError(400, MESSAGES.resetCodeInvalid);
}
