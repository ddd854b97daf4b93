import {
  allTimeTotal, companyTimeTotal, contactTimeEntry, contactTimeQuery, contactTimeTotal, idParam, monthlyTime, monthlyTimeQuery,
  timeZoneQuery,
} from '@portal/contract';
import {
  MESSAGES, currentMonthPeriod, isValidTimeZone, lastMonthPeriods, monthRangePeriod, yearToDatePeriod, type Period,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer, type Viewer } from '../policy';
import { errorResponses } from './route-helpers';

/** The spec's two counters: 'current' is this calendar month, 'ytd' is 1 January to the end of it. */
const PERIODS = {
  currenttime: currentMonthPeriod,
  ytdtime: yearToDatePeriod,
} as const;
type PeriodName = keyof typeof PERIODS;
const PERIOD_NAMES = Object.keys(PERIODS) as PeriodName[];

const MY_TIME_MONTHS = 6;

const bounds = (period: Period) => ({ from: period.from.toISOString(), to: period.to.toISOString() });

// The counters of the client dashboard and the agent page (polled every 1 and 5 seconds) and the
// agent's time tab. Each answer is one grouped read plus, at most, the rates or the pay rate.
export async function timeReportRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  const zoneOf = (requested: string | undefined) => (requested && isValidTimeZone(requested) ? requested : app.config.defaultTimeZone);

  async function viewableContactTime(viewer: Viewer, contactId: number) {
    authorize(viewer, (v) => policy.viewContactTime(v, contactId));
    // The signed-in contact exists; only an admin asking about someone else needs the read.
    if (viewer.contactId !== contactId && !(await repos.contacts.findById(contactId))) throw new HttpError(404, MESSAGES.contactNotFound);
  }

  for (const name of PERIOD_NAMES) {
    const label = name === 'currenttime' ? 'this calendar month' : 'this year to the end of this month';

    routes.get(
      `/company/:id/${name}`,
      {
        schema: {
          tags: ['time'],
          summary: `Units logged on a company's tickets in ${label}, and their value (admins and clients); the company's clients and staff`,
          params: idParam,
          querystring: timeZoneQuery,
          response: { 200: companyTimeTotal, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const viewer = requireViewer(request.viewer);
        const companyId = request.params.id;
        // A client's own company exists (its link says so): the polled read skips the lookup.
        if (!viewer.companyIds.includes(companyId) && !(await repos.companies.exists(companyId))) {
          throw new HttpError(404, MESSAGES.companyNotFound);
        }
        authorize(viewer, (v) => policy.viewCompanyTime(v, companyId));
        const period = PERIODS[name](new Date(), zoneOf(request.query.time_zone));
        const total = await repos.timeReports.companyTotal(companyId, period, await repos.options.getRates());
        return {
          company_id: companyId,
          ...bounds(period),
          total_time: total.total_time,
          ...(policy.seeCompanyTimeValue(viewer) ? { value: total.value } : {}),
        };
      },
    );

    routes.get(
      `/contact/:id/${name}`,
      {
        schema: {
          tags: ['time'],
          summary: `A contact's units and pay (units x pay_rate / 10) in ${label}; the contact or an admin`,
          params: idParam,
          querystring: timeZoneQuery,
          response: { 200: contactTimeTotal, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const viewer = requireViewer(request.viewer);
        const contactId = request.params.id;
        await viewableContactTime(viewer, contactId);
        const period = PERIODS[name](new Date(), zoneOf(request.query.time_zone));
        return { contact_id: contactId, ...bounds(period), ...(await repos.timeReports.contactTotal(contactId, period)) };
      },
    );

    routes.get(
      `/time/0/${name}`,
      {
        schema: {
          tags: ['time'],
          summary: `Every contact's units, their value and the pay in ${label} (admins)`,
          querystring: timeZoneQuery,
          response: { 200: allTimeTotal, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        authorize(request.viewer, policy.viewAllTime);
        const period = PERIODS[name](new Date(), zoneOf(request.query.time_zone));
        return { ...bounds(period), ...(await repos.timeReports.allTotal(period, await repos.options.getRates())) };
      },
    );
  }

  routes.get(
    '/contact/:id/time',
    {
      schema: {
        tags: ['time'],
        summary: "A contact's time entries from month `from` to month `to` (YYYY-MM, both included; default this month), newest first",
        description: 'The contact or an admin. A bad month, a backward range or one longer than 24 months: 400 "Invalid input."',
        params: idParam,
        querystring: contactTimeQuery,
        response: { 200: z.array(contactTimeEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      await viewableContactTime(viewer, contactId);
      const zone = zoneOf(request.query.time_zone);
      const { from, to } = request.query;
      let period: Period | null;
      if (from === undefined && to === undefined) period = currentMonthPeriod(new Date(), zone);
      else period = monthRangePeriod(from ?? to, to ?? from, zone);
      if (!period) throw new HttpError(400, MESSAGES.invalidInput);
      return repos.timeReports.contactEntries(contactId, period);
    },
  );

  routes.get(
    '/contact/:id/time/monthly',
    {
      schema: {
        tags: ['time'],
        summary: "The My Time chart: a contact's units and pay month by month, the last `months` (default 6) months, oldest first",
        params: idParam,
        querystring: monthlyTimeQuery,
        response: { 200: z.array(monthlyTime), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const contactId = request.params.id;
      await viewableContactTime(viewer, contactId);
      const periods = lastMonthPeriods(new Date(), request.query.months ?? MY_TIME_MONTHS, zoneOf(request.query.time_zone));
      const totals = await repos.timeReports.contactByPeriod(contactId, periods);
      return periods.map((period, index) => ({ month: period.month, ...bounds(period), ...totals[index]! }));
    },
  );
}
