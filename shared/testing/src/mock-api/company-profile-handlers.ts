import { http } from 'msw';
import {
  company, companyContact, companyContactCreate, companyContactUpdate, companyCreate, companyMetaSave, companySearchAnswer,
  companyUpdate, companyUpdateAnswer, deletedAnswer, metaEntry, resetCodeSent, type Company, type CompanyContact, type Contact,
} from '@portal/contract';
import { COMPANY_META_KEYS, MESSAGES, companyModeTicketChanges, normalizeCompanyUrl, normalizeEmail } from '@portal/domain';
import type { PortalData } from './portal-data';
import { apiPath, errorAnswer, idParam, nextId, notFound, nowIso, readBody, reply, toNumber } from './respond';

/**
 * The company profile settings: create, update (name, url, description, mode, services, default
 * agent, note), meta, the URL check, contacts (add, edit, remove), delete, and the reset mail.
 */
export function companyProfileHandlers(db: PortalData) {
  const findCompany = (id: number) => db.companies.find((c) => c.company_id === id);
  const urlTaken = (url: string, except?: number) =>
    db.companies.some((c) => c.company_id !== except && c.url !== null && normalizeCompanyUrl(c.url) === normalizeCompanyUrl(url));
  const setMeta = (found: Company, key: string, value: string | null) => {
    const entry = found.meta.find((m) => m.meta_key === key);
    if (entry) entry.meta_value = value;
    else found.meta.push({ id: nextId(found.meta, (m) => m.id) + found.company_id * 100, meta_key: key, meta_value: value });
    return found.meta.find((m) => m.meta_key === key);
  };
  const linkOf = (person: Contact, companyId: number) => person.companies.find((link) => link.company_id === companyId);
  const asCompanyContact = (person: Contact, companyId: number): CompanyContact => {
    const link = linkOf(person, companyId);
    return companyContact.parse({ ...person, title: link?.title ?? null, primary: link?.primary ?? 0 });
  };

  return [
    http.get(apiPath('/company/search'), ({ request }) => {
      const value = new URL(request.url).searchParams.get('value') ?? '';
      return reply(companySearchAnswer, { exists: urlTaken(value) });
    }),
    http.post(apiPath('/company'), async ({ request }) => {
      const read = await readBody(request, companyCreate);
      if (!read.ok) return read.answer;
      if (urlTaken(read.body.url)) return errorAnswer(409, MESSAGES.companyUrlExists);
      const created = company.parse({
        company_id: nextId(db.companies, (c) => c.company_id), name: read.body.name, url: read.body.url,
        description: read.body.description ?? null, mode: toNumber(read.body.mode ?? 1), note: null, date_created: nowIso(), meta: [],
      });
      db.companies.push(created);
      return reply(company, created, 201);
    }),
    http.put(apiPath('/company/:id'), async ({ request, params }) => {
      const found = findCompany(idParam(params));
      const read = await readBody(request, companyUpdate);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      const { name, url, description, mode, note, services, default_agent: defaultAgent } = read.body;
      if (url !== undefined && urlTaken(url, found.company_id)) return errorAnswer(409, MESSAGES.companyUrlExists);
      const tickets = db.tickets.filter((t) => t.company_id === found.company_id);
      const changes = mode === undefined || toNumber(mode) === found.mode ? [] : companyModeTicketChanges(toNumber(mode), tickets);
      for (const change of changes) Object.assign(tickets.find((t) => t.ticket_id === change.ticket_id) ?? {}, change);
      Object.assign(found, {
        ...(name !== undefined ? { name } : {}),
        ...(url !== undefined ? { url } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(mode !== undefined ? { mode: toNumber(mode) } : {}),
        ...(note !== undefined ? { note } : {}),
      });
      if (services !== undefined) setMeta(found, 'services', services.join(','));
      if (defaultAgent !== undefined) setMeta(found, 'default_agent', defaultAgent === null ? null : String(defaultAgent));
      const totalTime = tickets.reduce((sum, t) => sum + (t.total_time ?? 0), 0);
      return reply(companyUpdateAnswer, { ...found, total_time: totalTime, tickets_changed: changes.length });
    }),
    http.delete(apiPath('/company/:id'), ({ params }) => {
      const index = db.companies.findIndex((c) => c.company_id === idParam(params));
      if (index < 0) return notFound(MESSAGES.companyNotFound);
      const [removed] = db.companies.splice(index, 1);
      db.tickets = db.tickets.filter((t) => t.company_id !== removed?.company_id);
      for (const person of db.contacts) person.companies = person.companies.filter((link) => link.company_id !== removed?.company_id);
      return reply(deletedAnswer, { deleted: 1 });
    }),
    http.get(apiPath('/company/:id/meta'), ({ params }) => {
      const found = findCompany(idParam(params));
      return found ? reply(metaEntry.array(), found.meta) : notFound(MESSAGES.companyNotFound);
    }),
    http.put(apiPath('/company/:id/meta/:key'), async ({ request, params }) => {
      const found = findCompany(idParam(params));
      const read = await readBody(request, companyMetaSave);
      if (!read.ok) return read.answer;
      if (!found) return notFound(MESSAGES.companyNotFound);
      const key = String(params.key);
      if (!(COMPANY_META_KEYS as readonly string[]).includes(key)) return errorAnswer(400, MESSAGES.companyMetaNotUpdated);
      return reply(metaEntry, setMeta(found, key, read.body.meta_value));
    }),
    http.post(apiPath('/company/:id/contacts'), async ({ request, params }) => {
      const companyId = idParam(params);
      const found = findCompany(companyId);
      const read = await readBody(request, companyContactCreate);
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
      return reply(companyContact, asCompanyContact(person, companyId), 201);
    }),
    http.put(apiPath('/company/:id/contacts/:contactId'), async ({ request, params }) => {
      const companyId = idParam(params);
      const person = db.contacts.find((c) => c.contact_id === idParam(params, 'contactId'));
      const read = await readBody(request, companyContactUpdate);
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
      return reply(companyContact, asCompanyContact(person, companyId));
    }),
    http.delete(apiPath('/company/:id/contacts/:contactId'), ({ params }) => {
      const companyId = idParam(params);
      const person = db.contacts.find((c) => c.contact_id === idParam(params, 'contactId'));
      if (!person || !linkOf(person, companyId)) return notFound(MESSAGES.contactNotFound);
      person.companies = person.companies.filter((link) => link.company_id !== companyId);
      return reply(deletedAnswer, { deleted: 1 });
    }),
    http.post(apiPath('/contact/:id/sendresetcode'), ({ params }) => {
      const person = db.contacts.find((c) => c.contact_id === idParam(params));
      return person ? reply(resetCodeSent, { sent: true, email: person.email }) : notFound(MESSAGES.contactNotFound);
    }),
  ];
}
