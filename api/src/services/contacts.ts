import type { contactCreate, contactUpdate } from '@portal/contract';
import { MESSAGES, emailChangeNeedsConfirmation, isStaff, normalizeEmail, passwordChangeNeedsCurrent, sessionChanges, type Change, type Viewer } from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactPatch, ContactRow } from '../repositories/contact-repository';
import { auditedChange, auditedSnapshot, contactTarget, passwordChanged, recorded, type AuditActor } from './audit';
import { lookupOption } from './option-defaults';
import { sendResetCode } from './reset-codes';
import type { ServiceContext, Written } from './service-context';
import { requestEmailChange, tellOldAddressOfChange } from './email-changes';
import { queueSecurityMail } from './security-mail';
import { requireStepUp } from './step-up';

// A contact's own writes from Manage Agents and the profile (docs/product/companies-and-contacts.md#agents,
// docs/product/accounts-and-roles.md#passwords); an agent's pay rate and deletion are in ./agents. Who may ask is the route's check.

type CreateBody = z.output<typeof contactCreate>;
type UpdateBody = z.output<typeof contactUpdate>;

/**
 * POST /contact: a contact of a listed group (400 otherwise) with an e-mail nobody has (409), an
 * unusable password, an agent's pay rate and the trail's entry, in one transaction. An agent then
 * gets its set-password mail: the reset link is how it chooses a password.
 */
export async function createContact(ctx: ServiceContext, actor: AuditActor, body: CreateBody): Promise<Written<number>> {
  const { repos } = ctx;
  const { title, first_name: firstName, last_name: lastName, email, phone, group_id: groupId, pay_rate: payRate } = body;
  const groups = await lookupOption(repos.options, 'group-defaults');
  if (!groups.some((group) => group.id === groupId)) throw new HttpError(400, MESSAGES.contactNotCreated);
  if (await repos.contacts.emailTaken(email)) throw new HttpError(409, MESSAGES.emailAlreadyUsed);
  const person = { title: title ?? null, first_name: firstName, last_name: lastName, email, phone: phone ?? null, group_id: groupId };
  const staff = isStaff(groupId);
  const passwordHash = await unusablePasswordHash(ctx.config.passwordHash);
  const contactId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repos.contacts.create(trx, { ...person, password_hash: passwordHash, active: 1 });
    if (staff && payRate !== undefined) await repos.contacts.upsertMeta(trx, id, 'pay_rate', String(payRate));
    await writeAudit(trx, [
      auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }), { ...person, pay_rate: staff ? payRate : undefined }, 'created'),
    ], ctx.clock());
    return id;
  });
  if (staff) await sendResetCode(ctx, contactId);
  return { result: contactId, changes: [{ kind: 'contact', contactId }] };
}

export interface ContactUpdate {
  actor: AuditActor;
  viewer: Viewer;
  current: ContactRow;
  body: UpdateBody;
  /** The request's session when the viewer is the contact: a new password ends every other one. */
  keepSessionHash?: string;
}

/**
 * PUT /contact/:id: one's own new password needs the current one (400), an e-mail someone else has
 * is refused (409); then the fields with the trail's entry in one transaction, and with a new
 * password the contact's other sessions end. A new e-mail (docs/product/accounts-and-roles.md#sensitive-changes):
 * one's own needs the password given within 10 minutes (403 `reauth_required`) and the old address is
 * told with an undo link; anyone else's waits for the link mailed to the new address.
 */
export async function updateContact(ctx: ServiceContext, update: ContactUpdate): Promise<Written<void>> {
  const { repos } = ctx;
  const { actor, viewer, current, keepSessionHash } = update;
  const contactId = current.contact_id;
  const { password, current_password: currentPassword, ...fields } = update.body;
  if (password !== undefined && passwordChangeNeedsCurrent(viewer, contactId)
    && !(currentPassword !== undefined && (await verifyPassword(currentPassword, current.password_hash)))) {
    throw new HttpError(400, MESSAGES.contactNotUpdated);
  }
  if (fields.email !== undefined && (await repos.contacts.emailTaken(fields.email, contactId))) {
    throw new HttpError(409, MESSAGES.emailAlreadyUsed);
  }
  const { email, ...others } = fields;
  const newEmail = email !== undefined && normalizeEmail(email) !== current.email ? normalizeEmail(email) : undefined;
  const pendingEmail = newEmail !== undefined && emailChangeNeedsConfirmation(viewer, contactId);
  if (newEmail !== undefined && !pendingEmail) await requireStepUp(ctx, keepSessionHash, 'own-email');
  const patch: ContactPatch = { ...others, ...(newEmail !== undefined && !pendingEmail ? { email: newEmail } : {}) };
  const changed = auditedChange(actor, 'contact.updated', contactTarget(current), current, patch);
  const passwordHash = password === undefined ? undefined : await hashPassword(password, ctx.config.passwordHash);
  await ctx.db.transaction().execute(async (trx) => {
    if (newEmail !== undefined) await (pendingEmail ? requestEmailChange : tellOldAddressOfChange)(trx, ctx, current, newEmail);
    if (passwordHash === undefined) {
      await repos.contacts.update(trx, contactId, patch);
      await writeAudit(trx, recorded(changed), ctx.clock());
      return;
    }
    await writeAudit(trx, recorded(changed, passwordChanged(actor, current)), ctx.clock());
    await repos.contacts.update(trx, contactId, { ...patch, password_hash: passwordHash });
    // A password someone set puts the account in use: its address is held for good (isUnclaimedContact).
    await repos.contacts.upsertMeta(trx, contactId, 'verified', '1');
    await repos.contacts.endSessions(trx, contactId, keepSessionHash);
    // docs/product/accounts-and-roles.md#account-security: the owner is told, whoever changed it.
    await queueSecurityMail(trx, repos, ctx.config.publicUrl, { email: patch.email === undefined ? current.email : String(patch.email), first_name: current.first_name, contact_id: current.contact_id }, { kind: 'password-changed' });
  });
  // A new password ends sessions, a new group changes who they are: every process drops the contact's held ones
  // (docs/architecture.md#sessions-in-memory).
  const revokes = passwordHash !== undefined || (fields.group_id !== undefined && fields.group_id !== current.group_id);
  // The name, e-mail or phone show in other answers (live-events.ts, the contact change).
  const changes: Change[] = Object.keys(patch).length > 0 ? [{ kind: 'contact', contactId }] : [];
  return { result: undefined, changes: revokes ? [...changes, ...sessionChanges([contactId])] : changes };
}
