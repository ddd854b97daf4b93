import { GROUP_ADMIN, MESSAGES, isValidEmail, normalizeEmail } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { unusablePasswordHash } from '../password';
import { sendResetCode } from './reset-codes';

// The first admin of an install without the demo seed: `npm run create-admin`, or ADMIN_EMAIL on an
// empty production database. The admin gets an unusable random password and a set-password mail (a
// reset link, valid one day) through the outbox.

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Creates the admin and queues its set-password mail. An admin who exists already gets a new mail
 * (a new link); an e-mail that belongs to someone who is not an admin is refused.
 */
export async function createAdmin(app: FastifyInstance, admin: NewAdmin): Promise<{ contactId: number; created: boolean }> {
  const email = normalizeEmail(admin.email);
  if (!isValidEmail(email)) throw new HttpError(400, MESSAGES.invalidEmail);
  const existing = await app.repos.contacts.findByEmail(email);
  if (existing && (existing.group_id !== GROUP_ADMIN || existing.active !== 1)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
  const contactId = existing?.contact_id ?? (await app.repos.contacts.create({
    title: null, first_name: admin.firstName.trim() || 'Admin', last_name: admin.lastName.trim(), email, phone: null, group_id: GROUP_ADMIN,
    password_hash: await unusablePasswordHash(), active: 1,
  }));
  await sendResetCode(app, contactId, app.log);
  return { contactId, created: !existing };
}

/** ADMIN_EMAIL at start: only in production, only on a database without any contact. */
export async function createFirstAdminFromEnvironment(app: FastifyInstance): Promise<void> {
  const { adminEmail, production } = app.config;
  if (!adminEmail || !production || (await app.repos.contacts.hasAny())) return;
  const local = adminEmail.split('@')[0] ?? 'admin';
  const { contactId } = await createAdmin(app, { email: adminEmail, firstName: local, lastName: 'Admin' });
  app.log.info({ contact_id: contactId, email: adminEmail }, 'first admin created from ADMIN_EMAIL; the set-password mail is in the outbox');
}
