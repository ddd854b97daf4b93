import { screen } from '@testing-library/react';
import { lastMonthPeriods } from '@portal/domain';
import { useSession } from '@portal/session';
import { anAgent } from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { MY_TIME_MONTHS } from './time-tab';

// The Time tab's "Export CSV" (docs/product/integrations.md#exports): the agent's entries of the months the tab shows.

describe('Export CSV on the time tab', () => {
  it('links to the agent\'s time export over the tab\'s months, in the viewer\'s time zone', async () => {
    renderRemote('/agents/8/time', { viewer: anAgent() });
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    const url = new URL(link.getAttribute('href')!, 'http://x');
    const timeZone = useSession.getState().timeZone;
    const periods = lastMonthPeriods(new Date(), MY_TIME_MONTHS, timeZone);
    const last = periods[periods.length - 1]!.month;
    const [year, month] = last.split('-').map(Number) as [number, number];
    expect(url.pathname).toMatch(/\/api\/exports\/time\.csv$/);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: `${periods[0]!.month}-01`, to: `${last}-${String(new Date(Date.UTC(year, month, 0)).getUTCDate()).padStart(2, '0')}`, time_zone: timeZone, contact_id: '8',
    });
    expect(link).toHaveAttribute('download');
  });
});
