import type { contactCreate, contactUpdate } from '@portal/contract';
import { MESSAGES, STATUS, auditChanges, isStaff, passwordChangeNeedsCurrent, ticketChanges, type Viewer } from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { hashPassword, unusablePasswordHash, verifyPassword } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactPatch, ContactRow } from '../repositories/contact-repository';
import { auditRecord, auditedChange, auditedSnapshot, contactTarget, passwordChanged, recorded, ticketTarget, type AuditActor } from './audit';
import { lookupOption } from './option-defaults';
import { sendResetCode } from './reset-codes';
import type { ServiceContext, Written } from './service-context';

// A contact's own writes from Manage Agents and the profile (docs/product/companies-and-contacts.md#agents,
// #deleting-an-agent; docs/product/accounts-and-roles.md#passwords). Who may ask is the route's check.

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
  const passwordHash = await unusablePasswordHash();
  const contactId = await ctx.db.transaction().execute(async (trx) => {
    const id = await repos.contacts.create(trx, { ...person, password_hash: passwordHash, active: 1 });
    if (staff && payRate !== undefined) await repos.contacts.upsertMeta(trx, id, 'pay_rate', String(payRate));
    await writeAudit(trx, [
      auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }), { ...person, pay_rate: staff ? payRate : undefined }, 'created'),
    ]);
    return id;
  });
  if (staff) await sendResetCode(ctx, contactId);
  return { result: contactId, changes: [] };
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
 * password the contact's other sessions end.
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
  const patch: ContactPatch = { ...fields };
  const changed = auditedChange(actor, 'contact.updated', contactTarget(current), current, patch);
  const passwordHash = password === undefined ? undefined : await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    if (passwordHash === undefined) {
      await repos.contacts.update(trx, contactId, patch);
      await writeAudit(trx, recorded(changed));
      return;
    }
    await writeAudit(trx, recorded(changed, passwordChanged(actor, current)));
    await repos.contacts.update(trx, contactId, { ...patch, password_hash: passwordHash });
    await repos.contacts.endSessions(trx, contactId, keepSessionHash);
  });
  return { result: undefined, changes: [] };
}

/**
 * DELETE /contact/:id (docs/product/companies-and-contacts.md#deleting-an-agent): an active contact
 * other than the admin asking (409 otherwise: an admin never locks itself out) is deactivated and
 * its tickets move as `deactivate` says, with the trail's entries, in one transaction. Answers how
 * many tickets lost their assignee; the changes are those tickets'.
 */
export async function deleteAgent(ctx: ServiceContext, actor: AuditActor, viewer: Viewer, contactId: number): Promise<Written<number>> {
  const { repos } = ctx;
  const target = await repos.contacts.findById(contactId);
  if (!target) throw new HttpError(404, MESSAGES.contactNotFound);
  if (target.contact_id === viewer.contactId || target.active !== 1) throw new HttpError(409, MESSAGES.deleteAgentFailed);
  const done = await ctx.db.transaction().execute(async (trx) => {
    const deactivated = await repos.contacts.deactivate(trx, target.contact_id, ctx.clock());
    if (!deactivated) return undefined;
    await writeAudit(trx, [
      auditRecord(actor, 'contact.deactivated', contactTarget(target), [{ field: 'active', before: 1, after: 0 }]),
      ...deactivated.tickets.map((ticket) => auditRecord(actor, 'ticket.updated', ticketTarget(ticket), auditChanges(ticket, {
        assignee_id: null, date_assigned: null, ...(ticket.status_id < STATUS.complete ? { status_id: STATUS.backlog } : {}),
      }))),
    ]);
    return deactivated;
  });
  if (!done) throw new HttpError(404, MESSAGES.contactNotFound);
  return { result: done.ticketsUnassigned, changes: done.tickets.flatMap((ticket) => ticketChanges(ticket, [target.contact_id])) };
}
