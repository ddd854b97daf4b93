import { PREV_MONTH_PAGE_DEFAULT } from '@portal/contract';
import { timeEndpoints as api, timePeriodEndpoints } from '@portal/contract/endpoints';
import { MESSAGES, payrollRows, payrollTotal, validateTimeEntryEdit } from '@portal/domain';
import type { PortalData, TimePeriod } from './portal-data';
import { billingEntriesIn, contactName, findTicket, monthBounds, requestMonth, ticketTotalTime } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody } from './respond';

const PERIOD = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };
const PERIODS: TimePeriod[] = ['currenttime', 'ytdtime'];

/**
 * Time: a ticket's entries and logging time, the dashboards' period totals of a company or a
 * contact, an agent's entries and months, and the month's time of every company and payroll.
 */
export function timeHandlers(db: PortalData) {
  return [
    mock(api.ticketTime, ({ params }) => {
      const ticketId = idParam(params);
      return answer(api.ticketTime, { total_time: ticketTotalTime(db, ticketId), entries: db.timeEntries.filter((e) => e.ticket_id === ticketId) });
    }),
    mock(api.logTime, async ({ request }) => {
      const read = await readBody(request, api.logTime);
      if (!read.ok) return read.answer;
      const { ticket_id, contact_id, time, description } = read.body;
      const author = contact_id === undefined || contact_id === null ? db.session?.contact_id ?? null : Number(contact_id);
      const entry = {
        time_id: nextId(db.timeEntries, (e) => e.time_id), ticket_id: Number(ticket_id), contact_id: author, contact_name: contactName(db, author),
        time: Number(time ?? 0), description: description ?? '', date: nowIso(), corrects_time_id: null, invoice: null,
      };
      const total = ticketTotalTime(db, entry.ticket_id) + entry.time;
      db.timeEntries.push(entry);
      const row = findTicket(db, entry.ticket_id);
      if (row) row.total_time = total;
      return answer(api.logTime, { entry, total_time: total });
    }),

    // Correcting time (docs/product/time-and-billing.md#correcting-time): the ticket's list and the
    // agent's list are kept alike; an entry whose `invoice` is set is frozen (409).
    mock(api.updateTime, async ({ request, params }) => {
      const read = await readBody(request, api.updateTime);
      if (!read.ok) return read.answer;
      const timeId = idParam(params);
      const found = [...db.timeEntries, ...db.contactTimeEntries].find((e) => e.time_id === timeId);
      if (!found) return errorAnswer(404, MESSAGES.timeEntryNotFound);
      if (found.invoice !== null) return errorAnswer(409, MESSAGES.timeEntryFrozen);
      const { time_zone: _zone, ...input } = read.body;
      const checked = validateTimeEntryEdit(input, { correction: found.corrects_time_id !== null, today: nowIso().slice(0, 10) });
      if (!checked.ok) return errorAnswer(400, checked.message);
      const { time: units, description, day } = checked.value;
      const patch = {
        ...(units === undefined ? {} : { time: units }),
        ...(description === undefined ? {} : { description }),
        ...(day === undefined ? {} : { date: new Date(Date.UTC(day.year, day.month - 1, day.day, 12)).toISOString() }),
      };
      for (const list of [db.timeEntries, db.contactTimeEntries]) {
        const entry = list.find((e) => e.time_id === timeId);
        if (entry) Object.assign(entry, patch);
      }
      const entry = db.timeEntries.find((e) => e.time_id === timeId) ?? {
        ...found, contact_name: contactName(db, found.contact_id), ...patch,
      };
      const total = entry.ticket_id === null ? entry.time : db.timeEntries.filter((e) => e.ticket_id === entry.ticket_id).reduce((sum, e) => sum + e.time, 0);
      const row = entry.ticket_id === null ? undefined : findTicket(db, entry.ticket_id);
      if (row) row.total_time = total;
      return answer(api.updateTime, { entry, total_time: total });
    }),
    mock(api.deleteTime, ({ params }) => {
      const timeId = idParam(params);
      const found = [...db.timeEntries, ...db.contactTimeEntries].find((e) => e.time_id === timeId);
      if (!found) return errorAnswer(404, MESSAGES.timeEntryNotFound);
      if (found.invoice !== null) return errorAnswer(409, MESSAGES.timeEntryFrozen);
      db.timeEntries = db.timeEntries.filter((e) => e.time_id !== timeId);
      db.contactTimeEntries = db.contactTimeEntries.filter((e) => e.time_id !== timeId);
      const total = found.ticket_id === null ? 0 : db.timeEntries.filter((e) => e.ticket_id === found.ticket_id).reduce((sum, e) => sum + e.time, 0);
      const row = found.ticket_id === null ? undefined : findTicket(db, found.ticket_id);
      if (row) row.total_time = total;
      return answer(api.deleteTime, { time_id: timeId, ticket_id: found.ticket_id, total_time: total });
    }),
    mock(api.correctTime, async ({ request, params }) => {
      const read = await readBody(request, api.correctTime);
      if (!read.ok) return read.answer;
      const timeId = idParam(params);
      const found = [...db.timeEntries, ...db.contactTimeEntries].find((e) => e.time_id === timeId);
      if (!found) return errorAnswer(404, MESSAGES.timeEntryNotFound);
      if (found.invoice === null) return errorAnswer(400, MESSAGES.timeEntryNotFrozen);
      const checked = validateTimeEntryEdit(
        { time: read.body.time ?? 0, description: read.body.description ?? '' }, { correction: true, today: nowIso().slice(0, 10) },
      );
      if (!checked.ok) return errorAnswer(400, checked.message);
      const entry = {
        time_id: nextId([...db.timeEntries, ...db.contactTimeEntries], (e) => e.time_id), ticket_id: found.ticket_id, contact_id: found.contact_id,
        contact_name: contactName(db, found.contact_id), time: checked.value.time!, description: checked.value.description!, date: nowIso(),
        corrects_time_id: timeId, invoice: null,
      };
      db.timeEntries.push(entry);
      const total = db.timeEntries.filter((e) => e.ticket_id === entry.ticket_id).reduce((sum, e) => sum + e.time, 0);
      return answer(api.correctTime, { entry, total_time: total });
    }),

    ...PERIODS.map((period) =>
      mock(timePeriodEndpoints[period].company, ({ params }) => {
        const companyId = idParam(params);
        return answer(timePeriodEndpoints[period].company, db.companyTime[companyId]?.[period] ?? { company_id: companyId, ...PERIOD, total_time: 0, value: 0 });
      })),
    ...PERIODS.map((period) =>
      mock(timePeriodEndpoints[period].contact, ({ params }) => {
        const contactId = idParam(params);
        return answer(timePeriodEndpoints[period].contact, db.contactTime[contactId]?.[period] ?? { contact_id: contactId, ...PERIOD, total_time: 0, pay_rate: null, pay: 0 });
      })),
    mock(api.contactTimeEntries, ({ params }) =>
      answer(api.contactTimeEntries, db.contactTimeEntries.filter((e) => e.contact_id === idParam(params)))),
    mock(api.contactMonthlyTime, ({ params }) => answer(api.contactMonthlyTime, db.monthlyTime[idParam(params)] ?? [])),

    mock(api.prevMonthTime, ({ request, params }) => {
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
      return answer(api.prevMonthTime, { ...monthBounds(period), entries, next });
    }),
    mock(api.payroll, ({ request, params }) => {
      const period = requestMonth(request, params.offset);
      if (!period) return errorAnswer(400, 'The month offset is not valid.');
      const rows = payrollRows(billingEntriesIn(db, period));
      return answer(api.payroll, { ...monthBounds(period), rows, total: payrollTotal(rows) });
    }),
  ];
}
