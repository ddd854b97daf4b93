import { canExportInvoices, canExportTickets, canExportTime, exportDayRange, timeExportWorker } from './exports';

const admin = { contactId: 1, groupId: 1, companyIds: [], primaryCompanyIds: [] };
const agent = { contactId: 2, groupId: 3, companyIds: [], primaryCompanyIds: [] };
const client = { contactId: 3, groupId: 5, companyIds: [7], primaryCompanyIds: [7] };

describe('exports (docs/product/integrations.md#exports)', () => {
  it('lets staff export the ticket list and time, admins the invoices, and clients nothing', () => {
    expect([canExportTickets(admin), canExportTickets(agent), canExportTickets(client)]).toEqual([true, true, false]);
    expect([canExportTime(admin), canExportTime(agent), canExportTime(client)]).toEqual([true, true, false]);
    expect([canExportInvoices(admin), canExportInvoices(agent), canExportInvoices(client)]).toEqual([true, false, false]);
  });

  it('gives an admin everyone\'s time or one worker\'s, and an agent its own only', () => {
    expect(timeExportWorker(admin)).toBeNull();
    expect(timeExportWorker(admin, 2)).toBe(2);
    expect(timeExportWorker(agent)).toBe(2);
    expect(timeExportWorker(agent, 2)).toBe(2);
    expect(timeExportWorker(agent, 1)).toBe('refused');
  });

  it('reads a range of days, both included, and refuses one running backwards', () => {
    expect(exportDayRange('2026-11-01', '2026-11-30')).toEqual({ ok: true, from: { year: 2026, month: 11, day: 1 }, toExclusive: { year: 2026, month: 12, day: 1 } });
    expect(exportDayRange('2026-12-31', '2026-12-31')).toEqual({ ok: true, from: { year: 2026, month: 12, day: 31 }, toExclusive: { year: 2027, month: 1, day: 1 } });
    expect(exportDayRange('2026-11-02', '2026-11-01')).toEqual({ ok: false });
    expect(exportDayRange('2026-02-30', '2026-03-01')).toEqual({ ok: false });
  });
});
