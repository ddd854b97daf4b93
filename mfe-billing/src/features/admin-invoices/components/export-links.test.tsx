import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { monthsBackPeriod } from '@portal/domain';
import { useSession } from '@portal/session';
import { anAdmin } from '@portal/testing';
import { renderBilling } from '../../../test-support/render-billing';

// The admin invoices screen's CSV exports (docs/product/integrations.md#exports): links carrying the shown month.

const linkOf = (name: string) => {
  const link = screen.getByRole('link', { name });
  const url = new URL(link.getAttribute('href')!, 'http://x');
  return { path: url.pathname, query: Object.fromEntries(url.searchParams), download: link.hasAttribute('download') };
};

const daysOf = (offset: number) => {
  const month = monthsBackPeriod(new Date(), offset, useSession.getState().timeZone)!.month;
  const [year, number] = month.split('-').map(Number) as [number, number];
  return { from: `${month}-01`, to: `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}` };
};

describe('exports on the admin invoices screen', () => {
  it('exports the shown month\'s time in the viewer\'s time zone, and every issued invoice', async () => {
    renderBilling('/admins/invoices', { viewer: anAdmin() });
    const time = linkOf('Export time CSV');
    expect(time).toEqual({
      path: expect.stringMatching(/\/api\/exports\/time\.csv$/), query: { ...daysOf(0), time_zone: useSession.getState().timeZone }, download: true,
    });
    expect(linkOf('Export invoices CSV')).toEqual({ path: expect.stringMatching(/\/api\/exports\/invoices\.csv$/), query: {}, download: true });
  });

  it('follows the month: a month back exports that month\'s days', async () => {
    renderBilling('/admins/invoices', { viewer: anAdmin() });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Previous month/ })));
    await waitFor(() => expect(linkOf('Export time CSV').query).toMatchObject(daysOf(1)));
  });
});
