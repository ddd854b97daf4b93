import type { RegistrationAnswer, VerifyEmailAnswer, registrationRequest } from '@portal/contract';
import {
  MESSAGES, duplicateEmailProblem, isVerifyCodeExpired, registrationMode, withFirstPrimary,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { hashSecretToken, unusablePasswordHash } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import { auditedSnapshot, companyTarget, contactTarget } from './audit';
import { checkedCompanyUrl } from './company-settings';
import { mailLanguage } from '../messages';
import { welcomeMail } from './mail-templates';
import { lookupOption } from './option-defaults';
import { newContactCode, newResetCode } from './reset-codes';
import type { ServiceContext, Written } from './service-context';
import { AUTO_SUBMITTED } from './ticket-mail';
import { releaseUnclaimedAddress } from './unclaimed-addresses';

// The registration wizard's one write (docs/product/accounts-and-roles.md#registration) and the
// welcome mail's verification link (#e-mail-verification). The wizard calls nothing before its
// final POST, so an abandoned wizard leaves no rows behind.

type RegistrationBody = z.output<typeof registrationRequest>;

const emailUsed = () => new HttpError(409, MESSAGES.emailAlreadyUsed);

async function someEmailTaken(ctx: ServiceContext, emails: readonly string[]): Promise<boolean> {
  for (const email of emails) if (await ctx.repos.contacts.emailTaken(email)) return true;
  return false;
}

/**
 * POST /auth/register. 400 for a Website URL that is not a web address (one typed without a scheme
 * is stored with `https://`); 409 'A company with this URL already exists.' when another company has the
 * site in any spelling; 409 'This email has already been used.' for an address twice in the list
 * or held by any contact (active or not: an address belongs to one contact for good once confirmed;
 * one never confirmed whose links expired is let go first). Then one
 * transaction: the company (Onboarding when the mode list has it, its `status` and
 * `maintenance_prefs` meta), its contacts (group 5, an unusable password, not yet verified; the
 * first one primary), their links, for each a `verify` and a `reset` code and a welcome mail in the
 * outbox carrying both links, and the audit trail's entries. Any failure rolls all of it back.
 */
export async function registerCompany(ctx: ServiceContext, sent: RegistrationBody, ip: string | null = null): Promise<Written<RegistrationAnswer>> {
  const { repos, config } = ctx;
  const body = { ...sent, company: { ...sent.company, url: checkedCompanyUrl(sent.company.name, sent.company.url) } };
  if (await repos.companies.urlTaken(body.company.url)) throw new HttpError(409, MESSAGES.companyUrlExists);
  const emails = body.contacts.map((contact) => contact.email);
  if (duplicateEmailProblem(body.contacts)) throw emailUsed();
  // An address added elsewhere but never confirmed, its links expired, is not held for good (unclaimed-addresses.ts).
  for (const email of emails) await releaseUnclaimedAddress(ctx, email, { actorId: null, ip });
  if (await someEmailTaken(ctx, emails)) throw emailUsed();

  const mode = registrationMode(await lookupOption(repos.options, 'mode-defaults'));
  const contacts = await Promise.all(
    withFirstPrimary(body.contacts).map(async (contact) => ({ ...contact, password_hash: await unusablePasswordHash(ctx.config.passwordHash) })),
  );
  try {
    const answer = await ctx.db.transaction().execute(async (trx) => {
      const { companyId, contactIds } = await repos.companies.createRegistered(trx, {
        company: { name: body.company.name, url: body.company.url, mode },
        meta: { maintenance_prefs: JSON.stringify(body.prefs) },
        contacts,
        // docs/product/languages.md#a-persons-language: each reads the portal (and its mail) in the wizard's language.
        language: body.language ?? null,
      });
      const now = ctx.clock();
      for (const [index, contactId] of contactIds.entries()) {
        const contact = contacts[index]!;
        const verify = newContactCode(contactId, 'verify', now);
        const reset = newResetCode(ctx, contactId, now);
        await repos.contactCodes.replace(trx, verify.row);
        await repos.contactCodes.replace(trx, reset.row);
        const mail = welcomeMail(config.publicUrl, {
          firstName: contact.first_name, companyName: body.company.name, verifyCode: verify.code, resetCode: reset.code,
        }, await mailLanguage(trx, contactId));
        await repos.mailOutbox.add(trx, { to: contact.email, ...mail, headers: AUTO_SUBMITTED });
      }
      // The registrant is not signed in: the trail names the first contact, who made the request.
      const actor = { actorId: contactIds[0] ?? null, ip };
      await writeAudit(trx, [
        auditedSnapshot(actor, 'company.created', companyTarget({ company_id: companyId, name: body.company.name }), { name: body.company.name, url: body.company.url, mode }, 'created'),
        ...contactIds.map((contactId, index) => {
          const { password_hash: _hash, ...person } = contacts[index]!;
          return auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: contactId }, companyId), person, 'created');
        }),
      ], ctx.clock());
      return { company_id: companyId, contacts: contactIds.length };
    });
    // The staff's company lists show the new company.
    return { result: answer, changes: [{ kind: 'company', companyId: answer.company_id }] };
  } catch (error) {
    // Another registration took one of the addresses, or the site, between the check and the insert:
    // a unique index refused it, and the caller gets the answer the check would have given.
    if (await someEmailTaken(ctx, emails)) throw emailUsed();
    if (await repos.companies.urlTaken(body.company.url)) throw new HttpError(409, MESSAGES.companyUrlExists);
    throw error;
  }
}

/**
 * POST /auth/verify/:code: the welcome mail's link marks the contact verified and uses the code
 * up, in one transaction. Unknown, used or expired: 400 'Verification code not found or invalid.';
 * a deactivated contact: 400 'Contact no longer active.'.
 */
export async function verifyEmail(ctx: ServiceContext, code: string, now: Date = ctx.clock()): Promise<Written<VerifyEmailAnswer>> {
  const { contactCodes, contacts } = ctx.repos;
  const invalid = () => new HttpError(400, MESSAGES.verificationCodeInvalid);
  const row = await contactCodes.findByHash(hashSecretToken(code), 'verify');
  if (!row || isVerifyCodeExpired(row.date_created, now) || Date.parse(row.expires_at) <= now.getTime()) throw invalid();
  const contact = await contacts.findById(row.contact_id);
  if (!contact || contact.active !== 1) throw new HttpError(400, MESSAGES.contactNoLongerActive);
  const verified = await ctx.db.transaction().execute((trx) => contacts.completeVerification(trx, contact.contact_id, row.id));
  if (!verified) throw invalid();
  return { result: { verified: true, first_name: contact.first_name }, changes: [] };
}
