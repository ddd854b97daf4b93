import type { CompanyContact, companyContactCreate, companyContactUpdate } from '@portal/contract';
import { GROUP_CLIENT, MESSAGES, canEditContactPerson, canLinkExistingContact, isClient, type Viewer } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { unusablePasswordHash } from '../password';
import { authorize } from '../policy';
import type { LinkFields } from '../repositories/company-contact-repository';
import type { ContactPatch, ContactRow } from '../repositories/contact-repository';
import { auditRecord, auditedChange, auditedSnapshot, contactTarget, recorded, type AuditActor } from './audit';

// The contacts tab (spec 001 §2 "Contacts table", §5): adding, changing and removing a company's
// contacts. Who may open the tab is the route's check (canEditCompanyProfile); the rules here are
// about the person behind the row.

type AddBody = z.output<typeof companyContactCreate>;
type UpdateBody = z.output<typeof companyContactUpdate>;

const emailUsed = () => new HttpError(409, MESSAGES.emailAlreadyUsed);

async function answer(app: FastifyInstance, companyId: number, contactId: number): Promise<CompanyContact> {
  const saved = await app.repos.companyContacts.find(companyId, contactId);
  if (!saved) throw new HttpError(404, MESSAGES.contactNotFound);
  return saved;
}

/** An admin links someone who exists; a deactivated client comes back with the link, anyone else stays out. */
async function linkExisting(app: FastifyInstance, companyId: number, contact: ContactRow, link: LinkFields, actor: AuditActor): Promise<CompanyContact> {
  const { companyContacts } = app.repos;
  const inactive = contact.active !== 1;
  if ((await companyContacts.isLinked(companyId, contact.contact_id)) || (inactive && !isClient(contact.group_id))) throw emailUsed();
  const audit = auditRecord(actor, 'contact.linked', contactTarget(contact, companyId), [
    { field: 'company_id', before: null, after: companyId },
    ...(link.title ? [{ field: 'title', before: null, after: link.title }] : []),
    { field: 'primary', before: null, after: link.primary ?? 0 },
    ...(inactive ? [{ field: 'active', before: 0, after: 1 }] : []),
  ]);
  await companyContacts.link({ company_id: companyId, contact_id: contact.contact_id, ...link }, { reactivate: inactive }, [audit]);
  return answer(app, companyId, contact.contact_id);
}

/**
 * POST /company/:id/contacts. All five fields: a new e-mail makes a new client (group 5, an
 * unusable password until a reset) linked in one transaction; an e-mail someone already has is
 * linked by an admin, and refused with 'This email has already been used.' for anyone else, the
 * same answer as a duplicate in the list, so a client never learns who is a user elsewhere.
 * `{ contact_id }`: an admin links that contact.
 */
export async function addCompanyContact(
  app: FastifyInstance, viewer: Viewer, companyId: number, body: AddBody, actor: AuditActor,
): Promise<CompanyContact> {
  const { contacts, companyContacts } = app.repos;
  if ('contact_id' in body) {
    authorize(viewer, canLinkExistingContact);
    const contact = await contacts.findById(body.contact_id);
    if (!contact) throw new HttpError(404, MESSAGES.contactNotFound);
    return linkExisting(app, companyId, contact, { title: body.title ?? null, primary: body.primary }, actor);
  }
  const link = { title: body.title, primary: body.primary };
  const existing = await contacts.findByEmail(body.email);
  if (existing) {
    if (!canLinkExistingContact(viewer)) throw emailUsed();
    return linkExisting(app, companyId, existing, link, actor);
  }
  const person = { title: body.title, first_name: body.first_name, last_name: body.last_name, email: body.email, phone: body.phone };
  const contactId = await companyContacts.createAndLink(
    { ...person, group_id: GROUP_CLIENT, password_hash: await unusablePasswordHash(), active: 1, date_created: new Date().toISOString() },
    { company_id: companyId, ...link },
    (id) => [auditedSnapshot(actor, 'contact.created', contactTarget({ ...person, contact_id: id }, companyId), { ...person, company_id: companyId, ...link }, 'created')],
  );
  return answer(app, companyId, contactId);
}

/**
 * PUT /company/:id/contacts/:contactId: the person's name, e-mail and phone (canEditContactPerson:
 * nobody but an admin or the person changes a staff member's e-mail) and the link's title and
 * primary flag. Fields sent unchanged are not changes; 404 when the contact is not linked here.
 */
export async function updateCompanyContact(
  app: FastifyInstance,
  viewer: Viewer,
  target: { companyId: number; contactId: number },
  body: UpdateBody,
  actor: AuditActor,
): Promise<CompanyContact> {
  const { companyId, contactId } = target;
  if ((body.company_id !== undefined && body.company_id !== companyId) || (body.contact_id !== undefined && body.contact_id !== contactId)) {
    throw new HttpError(400, MESSAGES.invalidInput);
  }
  const { contacts, companyContacts } = app.repos;
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
  await companyContacts.update(companyId, contactId, person, link, recorded(audit));
  return answer(app, companyId, contactId);
}
