import { PREV_MONTH_PAGE_DEFAULT, PREV_MONTH_PAGE_MAX } from '@portal/contract';
import { timeEndpoints as api, timePeriodEndpoints } from '@portal/contract/endpoints';
import {
  MESSAGES, canLogTime, canLogTimeFor, canReadTime, canSeeCompanyTimeValue, canViewAllTime, canViewBilling, canViewCompanyTime, canViewContactTime,
  currentMonthPeriod, lastMonthPeriods, monthRangePeriod, payrollRows, payrollTotal, validateTimeEntry, yearToDatePeriod,
  type Period, type Viewer,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { monthBack } from '../services/invoices';
import { ratesOption } from '../services/option-defaults';
import { auditActor } from '../services/audit';
import { correctTime, deleteTime, editTime, logTime } from '../services/time-entries';
import { endpointRoute } from './endpoint-route';
import { companyForViewer, ticketForViewer, timeZoneOf } from './route-helpers';
import { serviceContext } from '../services/service-context';

/** The dashboards' two counters (docs/product/time-and-billing.md#company-totals): 'current' is this calendar month, 'ytd' is 1 January to the end of it. */
const PERIODS = {
  currenttime: currentMonthPeriod,
  ytdtime: yearToDatePeriod,
} as const;
type PeriodName = keyof typeof PERIODS;
const PERIOD_NAMES = Object.keys(PERIODS) as PeriodName[];

const bounds = (period: Period) => ({ from: period.from.toISOString(), to: period.to.toISOString() });

// A ticket's time and logging it; the counters of the client dashboard and the agent page (polled
// every 1 and 5 seconds) and the agent's time tab, whatever path they hang from (/company/:id,
// /contact/:id, /time/0): each answer is one grouped read plus, at most, the rates or the pay rate.
export async function timeRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;
  const rates = () => ratesOption(repos.options);

  async function viewableContactTime(viewer: Viewer, contactId: number) {
    authorize(viewer, (v) => canViewContactTime(v, contactId));
    // The signed-in contact exists; only an admin asking about someone else needs the read.
    if (viewer.contactId !== contactId && !(await repos.contacts.findById(contactId))) throw new HttpError(404, MESSAGES.contactNotFound);
  }

  endpointRoute(
    app,
    api.ticketTime,
    { tags: ['time'], summary: "A ticket's time entries (newest first) and total_time in units", errors: [400, 401, 403, 404] },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await ticketForViewer(app, viewer, request.params.id, canReadTime);
      return repos.time.listForTicket(request.params.id);
    },
  );

  endpointRoute(
    app,
    api.logTime,
    {
      tags: ['time'],
      summary: 'Log time on a ticket (staff; an agent for itself, an admin for any staff contact); 409 past the plan hours without the client\'s approval',
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canLogTime);
      const { body } = request;
      const checked = validateTimeEntry({ contact_id: body.contact_id ?? viewer.contactId, time: body.time, description: body.description });
      if (!checked.ok) throw new HttpError(400, checked.message);
      const entry = checked.value;
      authorize(viewer, (v) => canLogTimeFor(v, entry.contact_id));
      const { result, changes } = await logTime(serviceContext(app, request), { ticket_id: body.ticket_id, ...entry });
      await app.events.publish(...changes);
      return result;
    },
  );

  // Correcting logged time (docs/product/time-and-billing.md#correcting-time): the rules are
  // @portal/domain's timeEntryChangeCheck / timeCorrectionCheck, applied by the service on the
  // entry as its transaction reads it.
  endpointRoute(
    app,
    api.updateTime,
    {
      tags: ['time'],
      summary: "Edit a time entry's units, description or day (its worker or an admin; 409 in a month an issued invoice froze)",
      errors: [400, 401, 403, 404, 409],
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canLogTime);
      const { time_zone: timeZone, ...input } = request.body;
      const { result, changes } = await editTime(
        serviceContext(app, request), viewer, auditActor(request), request.params.id, input, timeZoneOf(app, timeZone),
      );
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.deleteTime,
    {
      tags: ['time'],
      summary: 'Delete a time entry (its worker or an admin; 409 in a month an issued invoice froze)',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      const viewer = authorize(request.viewer, canLogTime);
      const { result, changes } = await deleteTime(serviceContext(app, request), viewer, auditActor(request), request.params.id);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.correctTime,
    {
      tags: ['time'],
      summary: 'Log a correction, this month, of time in a month an issued invoice froze (units may be negative)',
      errors: [400, 401, 403, 404],
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
    },
    async (request) => {
      const viewer = authorize(request.viewer, canLogTime);
      const { result, changes } = await correctTime(
        serviceContext(app, request), viewer, auditActor(request), request.params.id, request.body, timeZoneOf(app, request.query.time_zone),
      );
      await app.events.publish(...changes);
      return result;
    },
  );

  for (const name of PERIOD_NAMES) {
    const label = name === 'currenttime' ? 'this calendar month' : 'this year to the end of this month';

    endpointRoute(
      app,
      timePeriodEndpoints[name].company,
      {
        tags: ['time'],
        summary: `Units logged on a company's tickets in ${label}, and their value (admins and clients); the company's clients and staff`,
        errors: [400, 401, 403, 404],
        // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
        config: { pollCache: 'month' },
      },
      async (request) => {
        const viewer = requireViewer(request.viewer);
        const companyId = request.params.id;
        await companyForViewer(app, viewer, companyId, canViewCompanyTime);
        const period = PERIODS[name](app.config.clock(), timeZoneOf(app, request.query.time_zone));
        const total = await repos.time.companyTotal(companyId, period, await rates());
        return {
          company_id: companyId,
          ...bounds(period),
          total_time: total.total_time,
          ...(canSeeCompanyTimeValue(viewer) ? { value: total.value } : {}),
        };
      },
    );

    endpointRoute(
      app,
      timePeriodEndpoints[name].contact,
      {
        tags: ['time'],
        summary: `A contact's units and pay (units x pay_rate / 10) in ${label}; the contact or an admin`,
        errors: [400, 401, 403, 404],
        // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
        config: { pollCache: 'month' },
      },
      async (request) => {
        const viewer = requireViewer(request.viewer);
        const contactId = request.params.id;
        await viewableContactTime(viewer, contactId);
        const period = PERIODS[name](app.config.clock(), timeZoneOf(app, request.query.time_zone));
        return { contact_id: contactId, ...bounds(period), ...(await repos.time.contactTotal(contactId, period)) };
      },
    );

    endpointRoute(
      app,
      timePeriodEndpoints[name].all,
      { tags: ['time'], summary: `Every contact's units, their value and the pay in ${label} (admins)`, errors: [401, 403] },
      async (request) => {
        authorize(request.viewer, canViewAllTime);
        const period = PERIODS[name](app.config.clock(), timeZoneOf(app, request.query.time_zone));
        return { ...bounds(period), ...(await repos.time.allTotal(period, await rates())) };
      },
    );
  }

  endpointRoute(
    app,
    api.contactTimeEntries,
    {
      tags: ['time'],
      summary: "A contact's time entries from month `from` to month `to` (YYYY-MM, both included; default this month), newest first",
      description: 'The contact or an admin. A bad month, a backward range or one longer than 24 months: 400 "Invalid input."',
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: 'month' },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      await viewableContactTime(viewer, contactId);
      const zone = timeZoneOf(app, request.query.time_zone);
      const { from, to } = request.query;
      let period: Period | null;
      if (from === undefined && to === undefined) period = currentMonthPeriod(app.config.clock(), zone);
      else period = monthRangePeriod(from ?? to, to ?? from, zone);
      if (!period) throw new HttpError(400, MESSAGES.invalidInput);
      return repos.time.contactEntries(contactId, period);
    },
  );

  // The admin invoices screen's month (docs/product/time-and-billing.md#admin-invoices-screen): only
  // the all-companies id -1 is routed; any other company id is not a route (404).
  endpointRoute(
    app,
    api.prevMonthTime,
    {
      tags: ['time'],
      summary: 'Every time entry of the month `offset` months back (0 = this month) in the caller\'s time zone, oldest first (admins)',
      description: `A page of at most \`limit\` entries (default ${PREV_MONTH_PAGE_DEFAULT}, at most ${PREV_MONTH_PAGE_MAX}); pass the answer's \`next\` as \`after\` for the following page.`,
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      const { time_zone: timeZone, after, limit } = request.query;
      const period = monthBack(serviceContext(app, request), request.params.offset, timeZoneOf(app, timeZone));
      const { entries, next } = await repos.time.periodEntries(period, { after, limit });
      return { ...bounds(period), month: period.month, entries, next };
    },
  );

  endpointRoute(
    app,
    api.payroll,
    {
      tags: ['time'],
      summary: "Agent Payroll: each agent's units and pay (units x the pay rate recorded on each entry / 10) in the month `offset` months back (admins)",
      errors: [400, 401, 403],
    },
    async (request) => {
      authorize(request.viewer, canViewBilling);
      const period = monthBack(serviceContext(app, request), request.params.offset, timeZoneOf(app, request.query.time_zone));
      const rows = payrollRows(await repos.time.payrollGroups(period));
      return { ...bounds(period), month: period.month, rows, total: payrollTotal(rows) };
    },
  );

  endpointRoute(
    app,
    api.contactMonthlyTime,
    {
      tags: ['time'],
      summary: "The My Time chart: a contact's units and pay month by month, the last `months` (default 6) months, oldest first",
      errors: [400, 401, 403, 404],
      // Polled: answered from memory until a change drops it (plugins/poll-cache.ts).
      config: { pollCache: 'month' },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      await viewableContactTime(viewer, contactId);
      const periods = lastMonthPeriods(app.config.clock(), request.query.months, timeZoneOf(app, request.query.time_zone));
      const totals = await repos.time.contactByPeriod(contactId, periods);
      return periods.map((period, index) => ({ month: period.month, ...bounds(period), ...totals[index]! }));
    },
  );
}
