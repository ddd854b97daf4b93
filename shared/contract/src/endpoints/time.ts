import type { EndpointTable } from './endpoint';

/** Time (docs/product/time-and-billing.md): a ticket's time, logging and correcting it, the period counters, an agent's months, the month's billing and payroll. */
export const timeEndpoints = {
  ticketTime: { method: 'GET', path: '/ticket/:id/time', params: 'idParam', answer: 'ticketTime' },
  logTime: { method: 'POST', path: '/time', body: 'timeEntryCreate', answer: 'timeEntryCreated', status: 201 },
  updateTime: { method: 'PUT', path: '/time/:id', params: 'idParam', body: 'timeEntryUpdate', answer: 'timeEntryCreated' },
  deleteTime: { method: 'DELETE', path: '/time/:id', params: 'idParam', answer: 'timeEntryDeleted' },
  correctTime: {
    method: 'POST', path: '/time/:id/corrections', params: 'idParam', query: 'timeZoneQuery', body: 'timeCorrectionCreate', answer: 'timeEntryCreated', status: 201,
  },
  companyCurrentTime: { method: 'GET', path: '/company/:id/currenttime', params: 'idParam', query: 'timeZoneQuery', answer: 'companyTimeTotal' },
  companyYtdTime: { method: 'GET', path: '/company/:id/ytdtime', params: 'idParam', query: 'timeZoneQuery', answer: 'companyTimeTotal' },
  contactCurrentTime: { method: 'GET', path: '/contact/:id/currenttime', params: 'idParam', query: 'timeZoneQuery', answer: 'contactTimeTotal' },
  contactYtdTime: { method: 'GET', path: '/contact/:id/ytdtime', params: 'idParam', query: 'timeZoneQuery', answer: 'contactTimeTotal' },
  allCurrentTime: { method: 'GET', path: '/time/0/currenttime', query: 'timeZoneQuery', answer: 'allTimeTotal' },
  allYtdTime: { method: 'GET', path: '/time/0/ytdtime', query: 'timeZoneQuery', answer: 'allTimeTotal' },
  contactTimeEntries: { method: 'GET', path: '/contact/:id/time', params: 'idParam', query: 'contactTimeQuery', answer: 'contactTimeEntry', many: true },
  contactMonthlyTime: { method: 'GET', path: '/contact/:id/time/monthly', params: 'idParam', query: 'monthlyTimeQuery', answer: 'monthlyTime', many: true },
  prevMonthTime: { method: 'GET', path: '/company/-1/prevmonthtime/:offset', params: 'monthOffsetParam', query: 'prevMonthTimeQuery', answer: 'prevMonthTime' },
  payroll: { method: 'GET', path: '/time/payroll/:offset', params: 'monthOffsetParam', query: 'timeZoneQuery', answer: 'payroll' },
} as const satisfies EndpointTable;

/** The dashboards' two periods (this calendar month, the year to its end) and their endpoints. */
export const timePeriodEndpoints = {
  currenttime: { company: timeEndpoints.companyCurrentTime, contact: timeEndpoints.contactCurrentTime, all: timeEndpoints.allCurrentTime },
  ytdtime: { company: timeEndpoints.companyYtdTime, contact: timeEndpoints.contactYtdTime, all: timeEndpoints.allYtdTime },
} as const;
