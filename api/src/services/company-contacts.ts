import type { CompanyContact, companyContactCreate, companyContactUpdate } from '@portal/contract';
import {
  GROUP_CLIENT, MESSAGES, canEditContactPerson, canLinkExistingContact, isClient, leavesNoPrimaryContact, type PrimaryChange, type Viewer,
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
import type { ServiceContext, Written } from './service-context';

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
 * unusable password until a reset) linked in one transaction; an e-mail someone already has is
 * linked by an admin, and refused with 'This email has already been used.' for anyone else, the
 * same answer as a duplicate in the list, so a client never learns who is a user elsewhere.
 * `{ contact_id }`: an admin links that contact.
 */
export async function addCompanyContact(
  ctx: ServiceContext, viewer: Viewer, companyId: number, body: AddBody, actor: AuditActor,
): Promise<Written<CompanyContact>> {
  const { contacts, companyContacts } = ctx.repos;
  if ('contact_id' in body) {
    authorize(viewer, canLinkExistingContact);
    const contact = await contacts.findById(body.contact_id);
    if (!contact) throw new HttpError(404, MESSAGES.contactNotFound);
    return linkExisting(ctx, companyId, contact, { title: body.title ?? null, primary: body.primary }, actor);
  }
  const link = { title: body.title, primary: body.primary };
  const existing = await contacts.findByEmail(body.email);
  if (existing) {
    if (!canLinkExistingContact(viewer)) throw emailUsed();
    return linkExisting(ctx, companyId, existing, link, actor);
  }
  const person = { title: body.title, first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone };
  const passwordHash = await unusablePasswordHash(ctx.config.passwordHash);
  const contactId = await ctx.db.transaction().execute(async (trx) => {
    const id = await companyContacts.createAndLink(
      trx,
      { ...person, group_id: GROUP_CLIENT, password_hash: passwordHash, active: 1, date_created: ctx.clock().toISOString() },
      { company_id: companyId, ...link },
    );
    await writeAudit(trx, [
      auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }, companyId), { ...person, company_id: companyId, ...link }, 'created'),
    ], ctx.clock());
    return id;
  });
  return answer(ctx, companyId, contactId);
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
 */
export async function updateCompanyContact(
  ctx: ServiceContext,
  viewer: Viewer,
  target: { companyId: number; contactId: number },
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
  const link: LinkFields = {};
  if (body.title !== undefined && body.title !== current.title) link.title = body.title;
  if (body.primary !== undefined && body.primary !== current.primary) link.primary = body.primary;
  const audit = auditedChange(actor, 'contact.updated', contactTarget(current, companyId), current, { ...person, ...link });
  await ctx.db.transaction().execute(async (trx) => {
    if (link.primary !== undefined) await keepsPrimaryContact(ctx, trx, companyId, { contactId, primary: link.primary === 1 ? 1 : 0 });
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
