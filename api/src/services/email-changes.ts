import type { EmailChangeAnswer } from '@portal/contract';
import { EMAIL_CONFIRM_DAYS, EMAIL_UNDO_DAYS, MESSAGES, STEP_UP_MESSAGES, escapeHtml, sessionChanges, type Change } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { HttpError } from '../errors';
import { hashSecretToken, newSecretToken } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import type { EmailChangePurpose } from '../repositories/email-change-repository';
import { mailLanguage, mailTranslator } from '../messages';
import { auditRecord, contactTarget, type AuditActor } from './audit';
import { helloLine, textToHtml } from './mail-templates';
import type { ServiceContext, Written } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';

// E-mail changes (docs/product/accounts-and-roles.md#sensitive-changes). One's own change is made at once
// (after the password given within 10 minutes) and the old address is told, with a link that undoes it
// for 7 days. Anyone else's change of a person's e-mail (a primary contact's, staff's, an admin's) waits
// for the link mailed to the new address; the old address is told too, with the same undo link. Links
// are single use and kept as the sha256 of their code.

/** The pages the links open (mfe-auth), under PUBLIC_URL. */
export const EMAIL_UNDO_PATH = '/emailchange/undo';
export const EMAIL_CONFIRM_PATH = '/emailchange/confirm';

const DAY_MS = 24 * 60 * 60 * 1000;

type Person = Pick<ContactRow, 'contact_id' | 'first_name' | 'email'>;

async function issueLink(
  trx: PortalDb, ctx: ServiceContext, person: Person, purpose: EmailChangePurpose, newEmail: string, days: number,
): Promise<string> {
  const code = newSecretToken();
  const now = ctx.clock();
  await ctx.repos.emailChanges.replace(trx, {
    contact_id: person.contact_id, purpose, token_hash: hashSecretToken(code), old_email: person.email, new_email: newEmail,
    date_created: now.toISOString(), expires_at: new Date(now.getTime() + days * DAY_MS).toISOString(),
  });
  return `${ctx.config.publicUrl}${purpose === 'undo' ? EMAIL_UNDO_PATH : EMAIL_CONFIRM_PATH}/${code}`;
}

async function queue(trx: PortalDb, ctx: ServiceContext, to: string, subject: string, paragraphs: string[], link: { url: string; label: string }): Promise<void> {
  const text = paragraphs.join('\n\n');
  await ctx.repos.mailOutbox.add(trx, {
    to, subject, text: `${text}\n\n${link.url}`, html: `${textToHtml(text)}\n<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`, headers: AUTO_SUBMITTED,
  });
}

/** One's own change, on its transaction: the old address is told, with the undo link. */
export async function tellOldAddressOfChange(trx: PortalDb, ctx: ServiceContext, person: Person, newEmail: string): Promise<void> {
  const url = await issueLink(trx, ctx, person, 'undo', newEmail, EMAIL_UNDO_DAYS);
  const language = await mailLanguage(trx, person.contact_id);
  const t = mailTranslator(language);
  const emails = { oldEmail: person.email, newEmail, days: String(EMAIL_UNDO_DAYS) };
  await queue(trx, ctx, person.email, t('emailChange.changed.subject'), [
    helloLine(person.first_name, language),
    t('emailChange.changed.body', emails),
    t('emailChange.changed.notYou', emails),
  ], { url, label: t('emailChange.changed.undo', emails) });
}

/**
 * Someone else's change, on its transaction: nothing changes yet. The new address gets the link that
 * makes the change; the old address is told, with the undo link (which also cancels it while it waits).
 */
export async function requestEmailChange(trx: PortalDb, ctx: ServiceContext, person: Person, newEmail: string): Promise<void> {
  const confirmUrl = await issueLink(trx, ctx, person, 'confirm', newEmail, EMAIL_CONFIRM_DAYS);
  const language = await mailLanguage(trx, person.contact_id);
  const t = mailTranslator(language);
  await queue(trx, ctx, newEmail, t('emailChange.confirm.subject'), [
    helloLine(person.first_name, language),
    t('emailChange.confirm.body', { oldEmail: person.email, days: String(EMAIL_CONFIRM_DAYS) }),
  ], { url: confirmUrl, label: t('emailChange.confirm.link') });
  const undoUrl = await issueLink(trx, ctx, person, 'undo', newEmail, EMAIL_UNDO_DAYS);
  const emails = { oldEmail: person.email, newEmail, days: String(EMAIL_UNDO_DAYS) };
  await queue(trx, ctx, person.email, t('emailChange.asked.subject'), [
    helloLine(person.first_name, language),
    t('emailChange.asked.body', emails),
    t('emailChange.asked.notYou', emails),
  ], { url: undoUrl, label: t('emailChange.asked.keep', emails) });
}

/** A link's row, or 400 with why it does not work (unknown or used, expired). */
async function linkOf(ctx: ServiceContext, code: string, purpose: EmailChangePurpose) {
  const row = await ctx.repos.emailChanges.findByHash(hashSecretToken(code), purpose);
  if (!row) throw new HttpError(400, STEP_UP_MESSAGES.emailLinkInvalid);
  if (Date.parse(row.expires_at) <= ctx.clock().getTime()) throw new HttpError(400, STEP_UP_MESSAGES.emailLinkExpired);
  const contact = await ctx.repos.contacts.findById(row.contact_id);
  if (!contact || contact.active !== 1) throw new HttpError(400, MESSAGES.contactNoLongerActive);
  return { row, contact };
}

const anonymous: AuditActor = { actorId: null, ip: null };

/**
 * POST /auth/email-change/undo/:code: the old address is the account's again (409 when someone else has
 * it now), every session ends, every pending link of the contact (a later change's undo included) and
 * reset code is void. Once.
 */
export async function undoEmailChange(ctx: ServiceContext, code: string, ip: string | null): Promise<Written<EmailChangeAnswer>> {
  const { repos } = ctx;
  const { row, contact } = await linkOf(ctx, code, 'undo');
  if (await repos.contacts.emailTaken(row.old_email, contact.contact_id)) throw new HttpError(409, STEP_UP_MESSAGES.emailTakenMeanwhile);
  const changed = contact.email !== row.old_email;
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.emailChanges.consume(trx, row.id))) throw new HttpError(400, STEP_UP_MESSAGES.emailLinkInvalid);
    await repos.emailChanges.deleteAllOf(trx, contact.contact_id);
    await trx.deleteFrom('contact_codes').where('contact_id', '=', contact.contact_id).where('purpose', '=', 'reset').execute();
    await repos.contacts.endSessions(trx, contact.contact_id);
    if (changed) {
      await repos.contacts.update(trx, contact.contact_id, { email: row.old_email });
      await writeAudit(trx, [auditRecord({ ...anonymous, ip }, 'contact.updated', contactTarget(contact), [{ field: 'email', before: contact.email, after: row.old_email }])], ctx.clock());
    }
  });
  const changes: Change[] = [...(changed ? [{ kind: 'contact', contactId: contact.contact_id } as const] : []), ...sessionChanges([contact.contact_id])];
  return { result: { email: row.old_email, first_name: contact.first_name }, changes };
}

/**
 * POST /auth/email-change/confirm/:code: the change someone else asked for is made, while the address
 * is still the one it was asked from and nobody else has the new one (409). Once.
 */
export async function confirmEmailChange(ctx: ServiceContext, code: string, ip: string | null): Promise<Written<EmailChangeAnswer>> {
  const { repos } = ctx;
  const { row, contact } = await linkOf(ctx, code, 'confirm');
  if (contact.email !== row.old_email) throw new HttpError(400, STEP_UP_MESSAGES.emailLinkInvalid);
  if (await repos.contacts.emailTaken(row.new_email, contact.contact_id)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.emailChanges.consume(trx, row.id))) throw new HttpError(400, STEP_UP_MESSAGES.emailLinkInvalid);
    await repos.contacts.update(trx, contact.contact_id, { email: row.new_email });
    await writeAudit(trx, [auditRecord({ ...anonymous, ip }, 'contact.updated', contactTarget(contact), [{ field: 'email', before: contact.email, after: row.new_email }])], ctx.clock());
  });
  return { result: { email: row.new_email, first_name: contact.first_name }, changes: [{ kind: 'contact', contactId: contact.contact_id }] };
}
