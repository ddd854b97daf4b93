import { companyContact, type CompanyContact, type Contact } from '@portal/contract';
import { companyContactEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, normalizeEmail } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany } from './portal-queries';
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
    mock(api.companyContacts, ({ params }) => answer(api.companyContacts, contactsOf(idParam(params)))),
    mock(api.addCompanyContact, async ({ request, params }) => {
      const companyId = idParam(params);
      const found = findCompany(db, companyId);
      const read = await readBody(request, api.addCompanyContact);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      if ('contact_id' in read.body) return errorAnswer(403, MESSAGES.notAuthorized);
      const { primary, title, ...fields } = read.body;
      if (db.contacts.some((c) => normalizeEmail(c.email) === fields.email)) return errorAnswer(409, MESSAGES.emailAlreadyUsed);
      const person: Contact = {
        contact_id: nextId(db.contacts, (c) => c.contact_id), ...fields, title: null, group_id: 5, company_id: companyId,
        companies: [{ company_id: companyId, name: found.name, title, primary }], meta: [],
      };
      db.contacts.push(person);
      return answer(api.addCompanyContact, asCompanyContact(person, companyId));
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
      Object.assign(person, fields);
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
