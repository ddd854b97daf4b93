import { http } from 'msw';
import {
  companyTimeTotal, contactTimeEntry, contactTimeTotal, monthlyTime, payroll, prevMonthTime, PREV_MONTH_PAGE_DEFAULT, ticketTime,
  timeEntryCreate, timeEntryCreated,
} from '@portal/contract';
import { payrollRows, payrollTotal } from '@portal/domain';
import type { PortalData, TimePeriod } from './portal-data';
import { billingEntriesIn, contactName, findTicket, monthBounds, requestMonth, ticketTotalTime } from './portal-queries';
import { apiRoute, errorAnswer, idParam, nextId, nowIso, readBody, reply } from './respond';

const PERIOD = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
const PERIODS: TimePeriod[] = ['currenttime', 'ytdtime'];

/**
 * Time: a ticket's entries and logging time, the dashboards' period totals of a company or a
 * contact, an agent's entries and months, and the month's time of every company and payroll.
 */
export function timeHandlers(db: PortalData) {
  return [
    http.get(apiRoute('/ticket/:id/time'), ({ params }) => {
      const ticketId = idParam(params);
      return reply(ticketTime, { total_time: ticketTotalTime(db, ticketId), entries: db.timeEntries.filter((e) => e.ticket_id === ticketId) });
    }),
    http.post(apiRoute('/time'), async ({ request }) => {
      const read = await readBody(request, timeEntryCreate);
      if (!read.ok) return read.answer;
      const { ticket_id, contact_id, time, description } = read.body;
      const author = contact_id === undefined || contact_id === null ? db.session?.contact_id ?? null : Number(contact_id);
      const entry = {
        time_id: nextId(db.timeEntries, (e) => e.time_id), ticket_id: Number(ticket_id), contact_id: author, contact_name: contactName(db, author),
        time: Number(time ?? 0), description: description ?? '', date: nowIso(),
      };
      const total = ticketTotalTime(db, entry.ticket_id) + entry.time;
      db.timeEntries.push(entry);
      const row = findTicket(db, entry.ticket_id);
      if (row) row.total_time = total;
      return reply(timeEntryCreated, { entry, total_time: total }, 201);
    }),

    ...PERIODS.map((period) =>
      http.get(apiRoute(`/company/:id/${period}`), ({ params }) => {
        const companyId = idParam(params);
        return reply(companyTimeTotal, db.companyTime[companyId]?.[period] ?? { company_id: companyId, ...PERIOD, total_time: 0, value: 0 });
      })),
    ...PERIODS.map((period) =>
      http.get(apiRoute(`/contact/:id/${period}`), ({ params }) => {
        const contactId = idParam(params);
        return reply(contactTimeTotal, db.contactTime[contactId]?.[period] ?? { contact_id: contactId, ...PERIOD, total_time: 0, pay_rate: null, pay: 0 });
      })),
    http.get(apiRoute('/contact/:id/time'), ({ params }) =>
      reply(contactTimeEntry.array(), db.contactTimeEntries.filter((e) => e.contact_id === idParam(params)))),
    http.get(apiRoute('/contact/:id/time/monthly'), ({ params }) => reply(monthlyTime.array(), db.monthlyTime[idParam(params)] ?? [])),

    http.get(apiRoute('/company/-1/prevmonthtime/:offset'), ({ request, params }) => {
      const period = requestMonth(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get('limit') ?? PREV_MONTH_PAGE_DEFAULT);
      const after = url.searchParams.get('after');
      const cursor = (entry: { date: string; time_id: number }) => `${entry.date}_${entry.time_id}`;
      const all = billingEntriesIn(db, period);
      const start = after === null ? 0 : all.findIndex((entry) => cursor(entry) === after) + 1;
      const entries = all.slice(start, start + limit);
      const next = start + limit < all.length ? cursor(entries[entries.length - 1]!) : null;
      return reply(prevMonthTime, { ...monthBounds(period), entries, next });
    }),
    http.get(apiRoute('/time/payroll/:offset'), ({ request, params }) => {
      const period = requestMonth(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const rows = payrollRows(billingEntriesIn(db, period));
      return reply(payroll, { ...monthBounds(period), rows, total: payrollTotal(rows) });
    }),
  ];
}
