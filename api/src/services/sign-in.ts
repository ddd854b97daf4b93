import { MESSAGES, normalizeEmail } from '@portal/domain';
import { HttpError } from '../errors';
import { dummyPasswordHash, verifyPassword } from '../password';
import type { ContactRow } from '../repositories/contact-repository';
import { auditRecord } from './audit';
import type { ServiceContext } from './service-context';

/**
 * POST /auth/login's check (docs/product/accounts-and-roles.md#signing-in): the active contact with
 * this e-mail and password, else 401 'Invalid credentials'. Always one scrypt, so the answer's time
 * does not tell whether the e-mail exists. Every failed attempt is in the trail, known address or
 * not (admins read it; nobody else). Starting the session is the caller's part.
 */
export async function checkCredentials(ctx: ServiceContext, username: string, password: string, ip: string | null): Promise<ContactRow> {
  const contact = await ctx.repos.contacts.findActiveByEmail(username);
  const valid = await verifyPassword(password, contact?.password_hash ?? (await dummyPasswordHash()));
  if (contact && valid) return contact;
  const attempted = normalizeEmail(username).slice(0, 254);
  await ctx.repos.audit.record([
    auditRecord({ actorId: contact?.contact_id ?? null, ip }, 'session.sign_in_failed', { entityId: contact?.contact_id ?? null, companyId: null, subject: attempted }, []),
  ]);
  throw new HttpError(401, MESSAGES.invalidCredentials);
}
