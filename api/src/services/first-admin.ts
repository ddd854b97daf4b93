import { GROUP_ADMIN, MESSAGES, isValidEmail, normalizeEmail } from '@portal/domain';
import { HttpError } from '../errors';
import { unusablePasswordHash } from '../password';
import { sendResetCode } from './reset-codes';
import type { ServiceContext } from './service-context';

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
export async function createAdmin(ctx: ServiceContext, admin: NewAdmin): Promise<{ contactId: number; created: boolean }> {
  const { repos } = ctx;
  const email = normalizeEmail(admin.email);
  if (!isValidEmail(email)) throw new HttpError(400, MESSAGES.invalidEmail);
  const existing = await repos.contacts.findByEmail(email);
  if (existing && (existing.group_id !== GROUP_ADMIN || existing.active !== 1)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
  // One insert: the set-password mail that follows is a write of its own (a failure answers 502 and keeps the admin).
  const contactId = existing?.contact_id ?? (await repos.contacts.create(ctx.db, {
    title: null, first_name: admin.firstName.trim() || 'Admin', last_name: admin.lastName.trim(), email, phone: null, group_id: GROUP_ADMIN,
    password_hash: await unusablePasswordHash(ctx.config.passwordHash), active: 1,
  }));
  await sendResetCode(ctx, contactId);
  return { contactId, created: !existing };
}

/** ADMIN_EMAIL at start: only in production, only on a database without any contact. */
export async function createFirstAdminFromEnvironment(ctx: ServiceContext): Promise<void> {
  const { adminEmail, production } = ctx.config;
  if (!adminEmail || !production || (await ctx.repos.contacts.hasAny())) return;
  const local = adminEmail.split('@')[0] ?? 'admin';
  const { contactId } = await createAdmin(ctx, { email: adminEmail, firstName: local, lastName: 'Admin' });
  ctx.log.info({ contact_id: contactId, email: adminEmail }, 'first admin created from ADMIN_EMAIL; the set-password mail is in the outbox');
}
