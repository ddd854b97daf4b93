import { companyContact, type CompanyContact, type Contact } from '@portal/contract';
import { companyContactEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, STEP_UP_MESSAGES, canAdministerAccountSecurity, canLinkExistingContact, normalizeEmail } from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { findCompany, hasSecondFactorIn } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, readBody } from './respond';

/** A company's contacts: list, add (a new client contact), edit (the person and their link), remove the link. */
export function companyContactHandlers(db: PortalData) {
  const linkOf = (person: Contact, companyId: number) => person.companies.find((link) => link.company_id === companyId);
  const asCompanyContact = (person: Contact, companyId: number): CompanyContact => {
    const link = linkOf(person, companyId);
    return companyContact.parse({ ...person, title: link?.title ?? null, primary: link?.primary ?? 0 });
  };
  const contactsOf = (companyId: number) =>
    db.contacts.flatMap((c: Contact) => c.companies.filter((link) => link.company_id === companyId).map((link) => ({ ...c, ...link })));

  return [
    mock(api.companyContacts, ({ params }) => {
      const contacts = contactsOf(idParam(params));
      const admin = db.session !== null && canAdministerAccountSecurity({ groupId: db.session.group_id });
      return answer(api.companyContacts, admin ? contacts.map((c) => ({ ...c, has_second_factor: hasSecondFactorIn(db, c.contact_id) })) : contacts);
    }),
    mock(api.addCompanyContact, async ({ request, params }) => {
      const companyId = idParam(params);
      const found = findCompany(db, companyId);
      const read = await readBody(request, api.addCompanyContact);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      if ('contact_id' in read.body) return errorAnswer(403, MESSAGES.notAuthorized);
      const { primary, title, ...fields } = read.body;
      // docs/product/companies-and-contacts.md#contacts: an admin gets the contact (linking one who exists);
      // anyone else the same invitation for a new address and one someone has elsewhere.
      const viewer = viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
      const mayLink = viewer !== null && canLinkExistingContact(viewer);
      const invitation = { invited: true as const, email: fields.email };
      const existing = db.contacts.find((c) => normalizeEmail(c.email) === fields.email);
      if (existing && linkOf(existing, companyId)) return errorAnswer(409, MESSAGES.emailAlreadyUsed);
      if (existing && !mayLink) return answer(api.addCompanyContact, invitation);
      if (existing) {
        existing.companies.push({ company_id: companyId, name: found.name, title, primary });
        return answer(api.addCompanyContact, asCompanyContact(existing, companyId));
      }
      const person: Contact = {
        contact_id: nextId(db.contacts, (c) => c.contact_id), ...fields, title: null, group_id: 5, company_id: companyId,
        companies: [{ company_id: companyId, name: found.name, title, primary }], meta: [],
      };
      db.contacts.push(person);
      return answer(api.addCompanyContact, mayLink ? asCompanyContact(person, companyId) : invitation);
    }),
    mock(api.updateCompanyContact, async ({ request, params }) => {
      const companyId = idParam(params);
      const person = db.contacts.find((c) => c.contact_id === idParam(params, 'contactId'));
      const read = await readBody(request, api.updateCompanyContact);
      if (!read.ok) return read.answer;
      const link = person ? linkOf(person, companyId) : undefined;
      if (!person || !link) return notFound(MESSAGES.contactNotFound);
      const { title, primary, company_id: _company, contact_id: _contact, ...fields } = read.body;
      if (fields.email !== undefined && db.contacts.some((c) => c !== person && normalizeEmail(c.email) === fields.email)) {
        return errorAnswer(409, MESSAGES.emailAlreadyUsed);
      }
      // docs/product/accounts-and-roles.md#sensitive-changes: one's own new e-mail needs a recent password;
      // someone else's waits for the new address (its links are kept in db.security.emailChanges).
      const { email, ...others } = fields;
      if (email !== undefined && normalizeEmail(email) !== normalizeEmail(person.email)) {
        const own = db.session?.contact_id === person.contact_id;
        if (own && !db.security.steppedUp) return errorAnswer(403, STEP_UP_MESSAGES.reauthRequired, { reauth_required: true });
        const change = { contact_id: person.contact_id, old_email: person.email, new_email: normalizeEmail(email) };
        db.security.emailChanges.push({ code: `undo-${db.security.emailChanges.length + 1}`, purpose: 'undo', ...change });
        if (own) person.email = normalizeEmail(email);
        else db.security.emailChanges.push({ code: `confirm-${db.security.emailChanges.length + 1}`, purpose: 'confirm', ...change });
      }
      Object.assign(person, others);
      if (title !== undefined) link.title = title;
      if (primary !== undefined) link.primary = primary;
      return answer(api.updateCompanyContact, asCompanyContact(person, companyId));
    }),
    mock(api.removeCompanyContact, ({ params }) => {
      const companyId = idParam(params);
      const person = db.contacts.find((c) => c.contact_id === idParam(params, 'contactId'));
      if (!person || !linkOf(person, companyId)) return notFound(MESSAGES.contactNotFound);
      person.companies = person.companies.filter((link) => link.company_id !== companyId);
      return answer(api.removeCompanyContact, { deleted: 1 });
    }),
  ];
}
