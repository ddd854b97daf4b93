import {
  companyTimeTotal, contactTimeEntry, contactTimeTotal, lookupItem, monthlyTime, option, ticketStatsMonth,
  type CompanyTimeTotal, type ContactTimeEntry, type ContactTimeTotal, type LookupItem, type MonthlyTime, type Option,
  type TicketStatsMonth,
} from '@portal/contract';

const PERIOD = { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' };

export function aCompanyTimeTotal(over: Partial<CompanyTimeTotal> = {}): CompanyTimeTotal {
  return companyTimeTotal.parse({ company_id: 4, ...PERIOD, total_time: 0, value: 0, ...over });
}

export function aContactTimeTotal(over: Partial<ContactTimeTotal> = {}): ContactTimeTotal {
  return contactTimeTotal.parse({ contact_id: 8, ...PERIOD, total_time: 0, pay_rate: null, pay: 0, ...over });
}

/** One line of an agent's time list (GET /contact/:id/time). */
export function aContactTimeEntry(over: Partial<ContactTimeEntry> = {}): ContactTimeEntry {
  return contactTimeEntry.parse({
    time_id: 1, contact_id: 8, ticket_id: 12, ticket_title: 'Fix the contact form', company_id: 4, company_name: 'Acme, LLC',
    time: 5, description: 'Looked into it', date: '2026-11-19T11:00:00.000Z',
    ...over,
  });
}

export function aMonthlyTime(over: Partial<MonthlyTime> = {}): MonthlyTime {
  return monthlyTime.parse({ month: '2026-11', ...PERIOD, total_time: 0, pay: 0, ...over });
}

export function aTicketStatsMonth(over: Partial<TicketStatsMonth> = {}): TicketStatsMonth {
  return ticketStatsMonth.parse({
    month: '2026-11', ...PERIOD, opened: 0, closed: 0, assigned: 0, avg_hours_to_assignment: null, avg_hours_to_completion: null,
    ...over,
  });
}

/** One entry of a lookup list (priorities, statuses, types, groups, modes, services). */
export function aLookupItem(over: Partial<LookupItem> = {}): LookupItem {
  return lookupItem.parse({ id: 1, name: 'Backlog', ...over });
}

/** A stored option as GET /options/:name answers it. */
export function anOption(option_name: string, option_value: unknown): Option {
  return option.parse({ option_name, option_value });
}
