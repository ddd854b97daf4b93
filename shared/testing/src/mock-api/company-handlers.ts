import { http } from 'msw';
import {
  company, companyContact, companyTimeTotal, contactTimeEntry, contactTimeTotal, listedTicket,
  metaEntry, monthlyTime, searchRequest, ticket, ticketBulkAnswer, ticketBulkUpdate, ticketStatsMonth, ticketSummary,
  type Contact,
} from '@portal/contract';
import type { PortalData, TicketRow, TimePeriod } from './portal-data';
import { apiPath, idParam, notFound, readBody, reply, toNumber } from './respond';

const PERIOD = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
const PERIODS: TimePeriod[] = ['currenttime', 'ytdtime'];
/** The agent's and the staff lists show statuses 1-4 and 7+ (spec 001 §7). */
const listedStatus = (row: TicketRow) => row.status_id <= 4 || row.status_id >= 7;

/** Companies and the dashboards: company lists and totals, the agent's and staff lists, stats, bulk changes, search. */
export function companyHandlers(db: PortalData) {
  const findCompany = (id: number) => db.companies.find((c) => c.company_id === id);
  const nameOf = (id: number | null) => {
    const found = db.contacts.find((c) => c.contact_id === id);
    return found ? `${found.first_name} ${found.last_name}` : null;
  };
  const listed = (row: TicketRow) => listedTicket.parse({ is_maintenance: 1, assignee_name: nameOf(row.assignee_id), ...row });
  const contactsOf = (companyId: number) =>
    db.contacts.flatMap((c: Contact) => c.companies.filter((link) => link.company_id === companyId).map((link) => ({ ...c, ...link })));

  return [
    http.get(apiPath('/company'), () => reply(company.array(), db.companies)),
    http.get(apiPath('/company/:id'), ({ params }) => {
      const found = findCompany(idParam(params));
      return found ? reply(company, found) : notFound();
    }),
    http.get(apiPath('/company/:id/tickets'), ({ params }) =>
      reply(ticketSummary.array(), db.tickets.filter((t) => t.company_id === idParam(params)))),
    http.get(apiPath('/company/:id/contacts'), ({ params }) => reply(companyContact.array(), contactsOf(idParam(params)))),
    http.get(apiPath('/company/:id/meta/:key'), ({ params }) => {
      const entry = findCompany(idParam(params))?.meta.find((m) => m.meta_key === params.key);
      return entry ? reply(metaEntry, entry) : notFound();
    }),
    ...PERIODS.map((period) =>
      http.get(apiPath(`/company/:id/${period}`), ({ params }) => {
        const companyId = idParam(params);
        return reply(companyTimeTotal, db.companyTime[companyId]?.[period] ?? { company_id: companyId, ...PERIOD, total_time: 0, value: 0 });
      })),

    http.get(apiPath('/contact/:id/tickets'), ({ params }) =>
      reply(listedTicket.array(), db.tickets.filter((t) => t.assignee_id === idParam(params) && listedStatus(t)).map(listed))),
    ...PERIODS.map((period) =>
      http.get(apiPath(`/contact/:id/${period}`), ({ params }) => {
        const contactId = idParam(params);
        return reply(contactTimeTotal, db.contactTime[contactId]?.[period] ?? { contact_id: contactId, ...PERIOD, total_time: 0, pay_rate: null, pay: 0 });
      })),
    http.get(apiPath('/contact/:id/time'), ({ params }) =>
      reply(contactTimeEntry.array(), db.contactTimeEntries.filter((e) => e.contact_id === idParam(params)))),
    http.get(apiPath('/contact/:id/time/monthly'), ({ params }) => reply(monthlyTime.array(), db.monthlyTime[idParam(params)] ?? [])),

    http.get(apiPath('/staff/tickets'), ({ request }) => {
      const kanban = new URL(request.url).searchParams.get('view') === 'kanban';
      return reply(listedTicket.array(), db.tickets.filter((t) => listedStatus(t) && (!kanban || t.company_mode === 1)).map(listed));
    }),
    http.put(apiPath('/ticket/bulk'), async ({ request }) => {
      const read = await readBody(request, ticketBulkUpdate);
      if (!read.ok) return read.answer;
      const { ticket_ids, assignee_id, status_id } = read.body;
      const rows = db.tickets.filter((t) => ticket_ids.includes(t.ticket_id));
      for (const row of rows) {
        if (assignee_id !== undefined) row.assignee_id = assignee_id === null ? null : toNumber(assignee_id);
        if (status_id !== undefined) row.status_id = toNumber(status_id);
      }
      return reply(ticketBulkAnswer, { updated: rows.length, tickets: rows.map(listed) });
    }),
    http.get(apiPath('/stats/tickets'), () => reply(ticketStatsMonth.array(), db.ticketStats)),

    http.post(apiPath('/search/ticket'), async ({ request }) => {
      const read = await readBody(request, searchRequest);
      return read.ok ? reply(ticket.array(), db.tickets.map((t) => ({ description: '', ...t }))) : read.answer;
    }),
    http.post(apiPath('/search/:type'), () => reply({ parse: (rows: unknown) => rows as unknown[] }, [])),
  ];
}
