import { company } from '@portal/contract';
import { companyEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, companyModeTicketChanges, normalizeCompanyUrl } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findCompany, setCompanyMeta } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso, readBody, toNumber } from './respond';

/**
 * Companies: the list (with each one's primary contact for Manage Companies), the URL check,
 * create, read, update (name, url, description, mode with its side effect, services, default
 * agent, note) and delete.
 */
export function companyHandlers(db: PortalData) {
  const urlTaken = (url: string, except?: number) =>
    db.companies.some((c) => c.company_id !== except && c.url !== null && normalizeCompanyUrl(c.url) === normalizeCompanyUrl(url));
  const primaryOf = (companyId: number) =>
    db.contacts
      .filter((c) => c.companies.some((link) => link.company_id === companyId && link.primary === 1))
      .sort((a, b) => a.contact_id - b.contact_id)[0] ?? null;

  return [
    mock(api.companies, ({ request }) => {
      if (new URL(request.url).searchParams.get('include') !== 'primary') return answer(api.companies, db.companies);
      return answer(api.companies, db.companies.map((c) => {
        const primary = primaryOf(c.company_id);
        return { ...c, primary_contact: primary && { ...primary, phone: primary.phone } };
      }));
    }),
    mock(api.companySearch, ({ request }) => {
      const value = new URL(request.url).searchParams.get('value') ?? '';
      return answer(api.companySearch, { exists: urlTaken(value) });
    }),
    mock(api.createCompany, async ({ request }) => {
      const read = await readBody(request, api.createCompany);
      if (!read.ok) return read.answer;
      if (urlTaken(read.body.url)) return errorAnswer(409, MESSAGES.companyUrlExists);
      const created = company.parse({
        company_id: nextId(db.companies, (c) => c.company_id), name: read.body.name, url: read.body.url,
        description: read.body.description ?? null, mode: toNumber(read.body.mode ?? 1), note: null, date_created: nowIso(), meta: [],
      });
      db.companies.push(created);
      return answer(api.createCompany, created);
    }),
    mock(api.company, ({ params }) => {
      const found = findCompany(db, idParam(params));
      return found ? answer(api.company, found) : notFound();
    }),
    mock(api.updateCompany, async ({ request, params }) => {
      const found = findCompany(db, idParam(params));
      const read = await readBody(request, api.updateCompany);
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
      if (services !== undefined) setCompanyMeta(found, 'services', services.join(','));
      if (defaultAgent !== undefined) setCompanyMeta(found, 'default_agent', defaultAgent === null ? null : String(defaultAgent));
      const totalTime = tickets.reduce((sum, t) => sum + (t.total_time ?? 0), 0);
      return answer(api.updateCompany, { ...found, total_time: totalTime, tickets_changed: changes.length });
    }),
    mock(api.deleteCompany, ({ params }) => {
      const index = db.companies.findIndex((c) => c.company_id === idParam(params));
      if (index < 0) return notFound(MESSAGES.companyNotFound);
      const [removed] = db.companies.splice(index, 1);
      db.tickets = db.tickets.filter((t) => t.company_id !== removed?.company_id);
      for (const person of db.contacts) person.companies = person.companies.filter((link) => link.company_id !== removed?.company_id);
      return answer(api.deleteCompany, { deleted: 1 });
    }),
  ];
}
