import { SWRConfig, type Middleware } from 'swr';
import { safetyNetKeys, useLiveUpdates } from '@portal/api-client';
import { ACME_ID, aClient, renderWithPortal } from '@portal/testing';
import { CLIENT_DASHBOARD_POLL_MS, useCompanyDashboard } from './use-company-dashboard';

const client = aClient();
const intervals = new Map<string, unknown>();
const recordInterval: Middleware = (useSWRNext) => (key, fetcher, config) => {
  if (typeof key === 'string') intervals.set(key.split('?')[0]!, config.refreshInterval);
  return useSWRNext(key, fetcher, config);
};

function Dashboards({ paused }: { paused: boolean }) {
  useLiveUpdates(client.contact_id);
  useCompanyDashboard(ACME_ID, { paused });
  return null;
}

const render = (paused = false) =>
  renderWithPortal(<SWRConfig value={{ use: [recordInterval] }}><Dashboards paused={paused} /></SWRConfig>, { viewer: client });

describe('client dashboard polling and the live stream', () => {
  beforeEach(() => intervals.clear());

  it('polls at the documented intervals while the stream is down and at the safety net while it is open', () => {
    const { live } = render();
    expect(intervals.get(`/company/${ACME_ID}/tickets`)).toBe(CLIENT_DASHBOARD_POLL_MS);

    // While it is open the keys are in the tab's safety net (one check for all), not polled alone.
    live.ready();
    expect(intervals.get(`/company/${ACME_ID}/tickets`)).toBe(0);
    expect(intervals.get(`/company/${ACME_ID}/currenttime`)).toBe(0);
    expect(safetyNetKeys().map((key) => key.split('?')[0])).toEqual(expect.arrayContaining([`/company/${ACME_ID}/tickets`, `/company/${ACME_ID}/currenttime`]));

    live.error();
    expect(intervals.get(`/company/${ACME_ID}/tickets`)).toBe(CLIENT_DASHBOARD_POLL_MS);
    expect(intervals.get(`/company/${ACME_ID}/ytdtime`)).toBe(CLIENT_DASHBOARD_POLL_MS);
  });

  it('a paused dashboard does not poll, live or not', () => {
    const { live } = render(true);
    expect(intervals.get(`/company/${ACME_ID}/tickets`)).toBe(0);
    live.ready();
    expect(intervals.get(`/company/${ACME_ID}/tickets`)).toBe(0);
  });
});
