import { staleKeysFor, type Change } from './live-events';
import type { Viewer } from './policy';

const admin: Viewer = { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] };
const agent: Viewer = { contactId: 2, groupId: 2, companyIds: [], primaryCompanyIds: [] };

// An edited or deleted entry of a past month (docs/product/time-and-billing.md#correcting-time).
describe('a time change of past months', () => {
  it('makes the admin invoices screen and payroll of those months stale for admins', () => {
    const change: Change = { kind: 'time', ticketId: 7, companyId: 10, contactId: 2, monthsBack: [0, 1] };
    expect(staleKeysFor(change, admin)).toEqual(expect.arrayContaining([
      '/time/payroll/0', '/time/payroll/1', '/company/-1/invoiceitems/1', '/company/10/invoiceitems/1',
    ]));
  });

  it('still names the worker\'s own time tab, chart and totals, never billing, for the agent', () => {
    const keys = staleKeysFor({ kind: 'time', ticketId: 7, companyId: 10, contactId: 2, monthsBack: [3] }, agent);
    expect(keys).toEqual(expect.arrayContaining(['/ticket/7/time', '/contact/2/time', '/contact/2/time/monthly', '/contact/2/ytdtime']));
    expect(keys.some((key) => key.startsWith('/time/payroll'))).toBe(false);
  });
});
