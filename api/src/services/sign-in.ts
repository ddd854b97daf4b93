import { MESSAGES, normalizeEmail } from '@portal/domain';
import { HttpError } from '../errors';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../password';
import type { ContactRow } from '../repositories/contact-repository';
import { auditRecord } from './audit';
import type { ServiceContext } from './service-context';

export interface CheckedCredentials {
  contact: ContactRow;
  /**
   * A new hash of the password when the stored one is weaker than the current parameters
   * (docs/product/accounts-and-roles.md#passwords): the sign-in's transaction stores it.
   */
  upgradedHash: string | undefined;
}

/**
 * POST /auth/login's check (docs/product/accounts-and-roles.md#signing-in): the active contact with
 * this e-mail and password, else 401 'Invalid credentials'. Always one scrypt at the current cost, so
 * the answer's time does not tell whether the e-mail exists. Every failed attempt is in the trail,
 * known address or not (admins read it; nobody else). Starting the session is the caller's part.
 */
export async function checkCredentials(ctx: ServiceContext, username: string, password: string, ip: string | null): Promise<CheckedCredentials> {
  const params = ctx.config.passwordHash;
  const contact = await ctx.repos.contacts.findActiveByEmail(username);
  const valid = await verifyPassword(password, contact?.password_hash ?? (await dummyPasswordHash(params)));
  if (contact && valid) {
    const upgradedHash = needsRehash(contact.password_hash, params) ? await hashPassword(password, params) : undefined;
    return { contact, upgradedHash };
  }
  const attempted = normalizeEmail(username).slice(0, 254);
  await ctx.repos.audit.record([
    auditRecord({ actorId: contact?.contact_id ?? null, ip }, 'session.sign_in_failed', { entityId: contact?.contact_id ?? null, companyId: null, subject: attempted }, []),
  ]);
  throw new HttpError(401, MESSAGES.invalidCredentials);
}
