import type { CompanyContact, CompanyContactAdded, companyContactCreate, companyContactUpdate } from '@portal/contract';
import {
  GROUP_CLIENT, MESSAGES, canEditContactPerson, canLinkExistingContact, emailChangeNeedsConfirmation, isClient, leavesNoPrimaryContact, normalizeEmail,
  type PrimaryChange, type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { unusablePasswordHash } from '../password';
import { authorize } from '../policy';
import { writeAudit } from '../repositories/audit-repository';
import type { LinkFields } from '../repositories/company-contact-repository';
import type { ContactPatch, ContactRow } from '../repositories/contact-repository';
import type { PortalDb } from '../db/connect';
import { auditRecord, auditedChange, auditedSnapshot, contactTarget, recorded, type AuditActor } from './audit';
import { companyNameOf, inviteNewContact, tellOwnerOfAddAttempt } from './company-contact-invitations';
import { requestEmailChange, tellOldAddressOfChange } from './email-changes';
import type { ServiceContext, Written } from './service-context';
import { requireStepUp } from './step-up';
import { releaseUnclaimedAddress } from './unclaimed-addresses';

// The contacts tab (docs/product/companies-and-contacts.md#contacts, #contact-validation): adding,
// changing and removing a company's contacts. Who may open the tab is the route's check
// (canEditCompanyProfile); the rules here are about the person behind the row. Each write answers
// the company's change, so its open views revalidate.

type AddBody = z.output<typeof companyContactCreate>;
type UpdateBody = z.output<typeof companyContactUpdate>;

const emailUsed = () => new HttpError(409, MESSAGES.emailAlreadyUsed);

async function answer(ctx: ServiceContext, companyId: number, contactId: number): Promise<Written<CompanyContact>> {
  const saved = await ctx.repos.companyContacts.find(companyId, contactId);
  if (!saved) throw new HttpError(404, MESSAGES.contactNotFound);
  // The contact's own open streams re-read which companies it belongs to (docs/architecture.md#a-live-update).
  return { result: saved, changes: [{ kind: 'company', companyId, members: [contactId] }] };
}

/** An admin links someone who exists; a deactivated client comes back with the link, anyone else stays out. */
async function linkExisting(
  ctx: ServiceContext, companyId: number, contact: ContactRow, link: LinkFields, actor: AuditActor,
): Promise<Written<CompanyContact>> {
  const { companyContacts } = ctx.repos;
  const inactive = contact.active !== 1;
  if ((await companyContacts.isLinked(companyId, contact.contact_id)) || (inactive && !isClient(contact.group_id))) throw emailUsed();
  const audit = auditRecord(actor, 'contact.linked', contactTarget(contact, companyId), [
    { field: 'company_id', before: null, after: companyId },
    ...(link.title ? [{ field: 'title', before: null, after: link.title }] : []),
    { field: 'primary', before: null, after: link.primary ?? 0 },
    ...(inactive ? [{ field: 'active', before: 0, after: 1 }] : []),
  ]);
  await ctx.db.transaction().execute(async (trx) => {
    await companyContacts.link(trx, { company_id: companyId, contact_id: contact.contact_id, ...link }, { reactivate: inactive });
    await writeAudit(trx, [audit], ctx.clock());
  });
  return answer(ctx, companyId, contact.contact_id);
}

/**
 * POST /company/:id/contacts. All five fields: a new e-mail makes a new client (group 5, an
 * unusable password, not yet confirmed) linked and invited by mail in one transaction; an e-mail
 * someone already has is linked by an admin. Anyone else adding an address someone has elsewhere
 * changes nothing of theirs: the owner is told by mail, and the caller gets the answer a new address
 * gets ({ invited, email }), so nobody learns who has an account. An address already linked here is
 * the list's duplicate, 'This email has already been used.'. An address held by a contact who never
 * confirmed it and whose links expired is let go first (unclaimed-addresses.ts).
 * `{ contact_id }`: an admin links that contact.
 */
export async function addCompanyContact(
  ctx: ServiceContext, viewer: Viewer, companyId: number, body: AddBody, actor: AuditActor,
): Promise<Written<CompanyContactAdded>> {
  const { contacts, companyContacts } = ctx.repos;
  if ('contact_id' in body) {
    authorize(viewer, canLinkExistingContact);
    const contact = await contacts.findById(body.contact_id);
    if (!contact) throw new HttpError(404, MESSAGES.contactNotFound);
    return linkExisting(ctx, companyId, contact, { title: body.title ?? null, primary: body.primary }, actor);
  }
  const link = { title: body.title, primary: body.primary };
  const mayLink = canLinkExistingContact(viewer);
  // Made whatever follows, so an address someone has takes as long to answer as a new one.
  const passwordHash = await unusablePasswordHash(ctx.config.passwordHash);
  await releaseUnclaimedAddress(ctx, body.email, actor);
  const existing = await contacts.findByEmail(body.email);
  if (existing && mayLink) return linkExisting(ctx, companyId, existing, link, actor);
  const invited = { invited: true as const, email: normalizeEmail(body.email) };
  if (existing) {
    if (await companyContacts.isLinked(companyId, existing.contact_id)) throw emailUsed();
    await tellOwnerOfAddAttempt(ctx, companyId, existing);
    return { result: invited, changes: [] };
  }
  const person = { title: body.title, first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone };
  const companyName = await companyNameOf(ctx, companyId);
  const contactId = await ctx.db.transaction().execute(async (trx) => {
    const id = await companyContacts.createAndLink(
      trx,
      { ...person, group_id: GROUP_CLIENT, password_hash: passwordHash, active: 1, date_created: ctx.clock().toISOString() },
      { company_id: companyId, ...link },
    );
    await inviteNewContact(trx, ctx, companyName, { contact_id: id, first_name: person.first_name, email: invited.email });
    await writeAudit(trx, [
      auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }, companyId), { ...person, company_id: companyId, ...link }, 'created'),
    ], ctx.clock());
    return id;
  });
  const added = await answer(ctx, companyId, contactId);
  return mayLink ? added : { ...added, result: invited };
}

/** 409 MESSAGES.lastPrimaryContact when `change` would leave the company without a primary contact; read on the change's transaction. */
async function keepsPrimaryContact(ctx: ServiceContext, trx: PortalDb, companyId: number, change: PrimaryChange): Promise<void> {
  if (leavesNoPrimaryContact(await ctx.repos.companyContacts.primaryFlags(trx, companyId), change)) {
    throw new HttpError(409, MESSAGES.lastPrimaryContact);
  }
}

/**
 * PUT /company/:id/contacts/:contactId: the person's name, e-mail and phone (canEditContactPerson:
 * nobody but an admin or the person changes a staff member's e-mail) and the link's title and
 * primary flag. Fields sent unchanged are not changes; 404 when the contact is not linked here.
 * A new e-mail (docs/product/accounts-and-roles.md#sensitive-changes): the person's own needs the
 * password given within 10 minutes on `sessionTokenHash`, and the old address may undo it; anyone
 * else's waits, unchanged, for the link mailed to the new address.
 */
export async function updateCompanyContact(
  ctx: ServiceContext,
  viewer: Viewer,
  target: { companyId: number; contactId: number; sessionTokenHash?: string },
  body: UpdateBody,
  actor: AuditActor,
): Promise<Written<CompanyContact>> {
  const { companyId, contactId } = target;
  if ((body.company_id !== undefined && body.company_id !== companyId) || (body.contact_id !== undefined && body.contact_id !== contactId)) {
    throw new HttpError(400, MESSAGES.invalidInput);
  }
  const { contacts, companyContacts } = ctx.repos;
  const current = await companyContacts.find(companyId, contactId);
  if (!current) throw new HttpError(404, MESSAGES.contactNotFound);

  const person: ContactPatch = {};
  for (const field of ['first_name', 'last_name', 'email', 'phone'] as const) {
    const value = body[field];
    if (value !== undefined && value !== current[field]) person[field] = value;
  }
  if (Object.keys(person).length > 0) {
    const { companyIds } = await contacts.companyLinks(contactId);
    authorize(viewer, (v) => canEditContactPerson(v, { contact_id: contactId, group_id: current.group_id, companyIds }));
    if (person.email !== undefined && (await contacts.emailTaken(String(person.email), contactId))) throw emailUsed();
  }
  const newEmail = person.email !== undefined && normalizeEmail(String(person.email)) !== current.email ? normalizeEmail(String(person.email)) : undefined;
  delete person.email;
  const pendingEmail = newEmail !== undefined && emailChangeNeedsConfirmation(viewer, contactId);
  if (newEmail !== undefined && !pendingEmail) {
    await requireStepUp(ctx, target.sessionTokenHash, 'own-email');
    person.email = newEmail;
  }
  const link: LinkFields = {};
  if (body.title !== undefined && body.title !== current.title) link.title = body.title;
  if (body.primary !== undefined && body.primary !== current.primary) link.primary = body.primary;
  const audit = auditedChange(actor, 'contact.updated', contactTarget(current, companyId), current, { ...person, ...link });
  await ctx.db.transaction().execute(async (trx) => {
    if (link.primary !== undefined) await keepsPrimaryContact(ctx, trx, companyId, { contactId, primary: link.primary === 1 ? 1 : 0 });
    if (newEmail !== undefined) await (pendingEmail ? requestEmailChange : tellOldAddressOfChange)(trx, ctx, { contact_id: contactId, first_name: current.first_name, email: current.email }, newEmail);
    await companyContacts.update(trx, companyId, contactId, person, link);
    await writeAudit(trx, recorded(audit), ctx.clock());
  });
  return answer(ctx, companyId, contactId);
}

/**
 * DELETE /company/:id/contacts/:contactId: the link goes with the trail's entry; the contact stays
 * in the system. 404 'Contact not deleted.' when it was not linked here.
 */
export async function removeCompanyContact(
  ctx: ServiceContext, actor: AuditActor, companyId: number, contactId: number,
): Promise<Written<number>> {
  const { companyContacts } = ctx.repos;
  const linked = await companyContacts.find(companyId, contactId);
  const deleted = await ctx.db.transaction().execute(async (trx) => {
    if (linked) await keepsPrimaryContact(ctx, trx, companyId, { contactId, removed: true });
    const count = await companyContacts.unlink(trx, companyId, contactId);
    if (count > 0 && linked) {
      await writeAudit(trx, [auditRecord(actor, 'contact.unlinked', contactTarget(linked, companyId), [{ field: 'company_id', before: companyId, after: null }])], ctx.clock());
    }
    return count;
  });
  if (deleted === 0) throw new HttpError(404, MESSAGES.companyContactNotDeleted);
  return { result: deleted, changes: [{ kind: 'company', companyId, members: [contactId] }] };
}
