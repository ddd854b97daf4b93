import { screen, within } from '@testing-library/react';
import type { ReleasesOverview } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { anAgent, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// The admins' Releases screen as a German admin reads it: live and canary, the chart's caption and totals, the deploy log.

readIn('de', adminMessages);
afterEach(() => window.sessionStorage.clear());

const minuteAgo = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000).toISOString();

const OVERVIEW: ReleasesOverview = {
  remotes: [
    {
      remote: 'tickets',
      live: '20261207-101500-aaaaaaa',
      canary: {
        version: '20261207-112308-cf3b5a8', entry: '/remotes/tickets/20261207-112308-cf3b5a8/mf-manifest.json', share: 10,
        started_at: '2026-12-07T11:25:00.000Z', started_by: 'dana@example.com', auto_promote_at: '2026-12-07T11:55:00.000Z',
      },
      minutes: [
        { minute: minuteAgo(2), version: '20261207-101500-aaaaaaa', loads: 1041, failures: 1 },
        { minute: minuteAgo(1), version: '20261207-112308-cf3b5a8', loads: 7, failures: 3 },
      ],
    },
    { remote: 'billing', live: '20261201-090000-bbbbbbb', canary: null, minutes: [] },
  ],
  log: [{ at: '2026-12-07T11:25:00.000Z', by: 'dana@example.com', remote: 'tickets', action: 'canary', version: '20261207-112308-cf3b5a8', reason: null }],
};

describe('the Releases screen in German', () => {
  it("shows each remote's live version, canary, chart and the deploy log in German", async () => {
    renderAdmin('/admins/releases', { api: { releases: OVERVIEW } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Releases' })).toBeInTheDocument();

    const tickets = await screen.findByRole('region', { name: 'tickets' });
    expect(within(tickets).getByText('Live: 20261207-101500-aaaaaaa')).toBeInTheDocument();
    expect(within(tickets).getByText('20261207-112308-cf3b5a8, für 10 % der Nutzer')).toBeInTheDocument();
    expect(within(tickets).getByText(/^Seit$/)).toHaveTextContent(/^Seit 7\.12\.2026, \d{1,2}:\d{2}$/);
    expect(within(tickets).getByText(/^Automatische Übernahme am$/)).toHaveTextContent(/^Automatische Übernahme am 7\.12\.2026, \d{1,2}:\d{2}$/);
    const figure = within(tickets).getByRole('figure', { name: 'Ladevorgänge und Fehler pro Minute von tickets in der letzten Stunde' });
    expect(within(figure).getByText(/^Live 20261207-101500-aaaaaaa: Ladevorgänge 1\.041, Fehler 1 \(ein Balken pro Minute/)).toBeInTheDocument();
    expect(within(figure).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Minute', 'Version', 'Ladevorgänge', 'Fehler']);

    const billing = screen.getByRole('region', { name: 'billing' });
    expect(within(billing).getByText('Kein Canary')).toBeInTheDocument();
    expect(within(billing).getByText('In der letzten Stunde hat kein Browser über diesen Teil berichtet.')).toBeInTheDocument();

    const log = screen.getByRole('table', { name: 'Deployment-Protokoll' });
    expect(within(log).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Wann', 'Von', 'Teil', 'Was', 'Version', 'Warum']);
    expect(within(log).getByText('Canary gestartet')).toBeInTheDocument();
  });

  it('says so when nothing was deployed yet', async () => {
    renderAdmin('/admins/releases');
    expect(await screen.findByText('Bisher wurde nichts bereitgestellt.')).toBeInTheDocument();
  });

  it('tells a non-admin in German that they are not authorised', async () => {
    renderAdmin('/admins/releases', { viewer: anAgent() });
    expect(await screen.findByText(inGerman(MESSAGES.notAuthorized))).toBeInTheDocument();
  });
});
