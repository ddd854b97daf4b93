import { screen, within } from '@testing-library/react';
import type { ReleasesOverview } from '@portal/contract';
import { MESSAGES, RELEASE_MESSAGES } from '@portal/domain';
import { anAgent, apiPath, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

// The admins' Releases screen (docs/deploying-a-remote.md#canary-releases) over the mock API: each remote's live
// version and canary, the chart of loads and failures a minute as a captioned figure with its numbers, the deploy log.

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
        { minute: minuteAgo(2), version: '20261207-101500-aaaaaaa', loads: 41, failures: 1 },
        { minute: minuteAgo(2), version: '20261207-112308-cf3b5a8', loads: 7, failures: 3 },
        { minute: minuteAgo(1), version: '20261207-112308-cf3b5a8', loads: 5, failures: 2 },
      ],
    },
    { remote: 'billing', live: '20261201-090000-bbbbbbb', canary: null, minutes: [] },
  ],
  log: [
    {
      at: '2026-12-07T11:40:00.000Z', by: 'portal', remote: 'companies', action: 'auto-rollback', version: '20261207-113000-ddddddd',
      reason: 'failures 40.0 % of 60 loads against 1.0 % of 400 on the live version',
    },
    { at: '2026-12-07T11:25:00.000Z', by: 'dana@example.com', remote: 'tickets', action: 'canary', version: '20261207-112308-cf3b5a8', reason: null },
  ],
};

describe('the Releases screen', () => {
  it("shows each remote's live version and canary with its share, since and promotion time", async () => {
    renderAdmin('/admins/releases', { api: { releases: OVERVIEW } });
    expect(await screen.findByRole('heading', { level: 1, name: RELEASE_MESSAGES.title })).toBeInTheDocument();

    const tickets = await screen.findByRole('region', { name: 'tickets' });
    expect(within(tickets).getByText(`${RELEASE_MESSAGES.live}: 20261207-101500-aaaaaaa`)).toBeInTheDocument();
    expect(within(tickets).getByText(`20261207-112308-cf3b5a8, ${RELEASE_MESSAGES.share(10)}`)).toBeInTheDocument();
    expect(within(tickets).getByText(new RegExp(`^${RELEASE_MESSAGES.since}`))).toBeInTheDocument();
    expect(within(tickets).getByText(new RegExp(`^${RELEASE_MESSAGES.autoPromote}`))).toBeInTheDocument();
    expect(tickets.querySelector('time[datetime="2026-12-07T11:25:00.000Z"]')).not.toBeNull();
    expect(tickets.querySelector('time[datetime="2026-12-07T11:55:00.000Z"]')).not.toBeNull();

    const billing = screen.getByRole('region', { name: 'billing' });
    expect(within(billing).getByText(RELEASE_MESSAGES.noCanary)).toBeInTheDocument();
    expect(within(billing).getByText(RELEASE_MESSAGES.noReports)).toBeInTheDocument();
  });

  it('draws the chart as a figure captioned with what it shows, its numbers in a table and in text', async () => {
    renderAdmin('/admins/releases', { api: { releases: OVERVIEW } });
    const figure = await screen.findByRole('figure', { name: RELEASE_MESSAGES.chartLabel('tickets') });
    const table = within(figure).getByRole('table', { name: RELEASE_MESSAGES.chartLabel('tickets') });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['20261207-101500-aaaaaaa', '41', '1'],
      ['20261207-112308-cf3b5a8', '7', '3'],
      ['20261207-112308-cf3b5a8', '5', '2'],
    ]);
    expect(within(figure).getByText(/^Live 20261207-101500-aaaaaaa: Loads 41, Failures 1/)).toBeInTheDocument();
    expect(within(figure).getByText(/^Canary 20261207-112308-cf3b5a8: Loads 12, Failures 5/)).toBeInTheDocument();
  });

  it('lists the deploy log newest first with the action labels and the reason', async () => {
    renderAdmin('/admins/releases', { api: { releases: OVERVIEW } });
    const log = await screen.findByRole('table', { name: RELEASE_MESSAGES.deployLog });
    const rows = within(log).getAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(Object.values(RELEASE_MESSAGES.logColumns));
    const [rolledBack, started] = rows.slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rolledBack!.slice(1)).toEqual([
      'portal', 'companies', RELEASE_MESSAGES.actions['auto-rollback'], '20261207-113000-ddddddd',
      'failures 40.0 % of 60 loads against 1.0 % of 400 on the live version',
    ]);
    expect(started!.slice(1)).toEqual(['dana@example.com', 'tickets', RELEASE_MESSAGES.actions.canary, '20261207-112308-cf3b5a8', '']);
  });

  it('says so when nothing was deployed yet', async () => {
    renderAdmin('/admins/releases');
    expect(await screen.findByText(RELEASE_MESSAGES.noLog)).toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('shows the usual error alert when the read fails', async () => {
    renderAdmin('/admins/releases', { handlers: [http.get(apiPath('/admin/releases'), () => errorAnswer(500, 'The releases could not be read.'))] });
    expect(await screen.findByRole('alert')).toHaveTextContent('The releases could not be read.');
  });

  it('tells a non-admin they are not authorised, and reads nothing', async () => {
    const view = renderAdmin('/admins/releases', { viewer: anAgent(), api: { releases: OVERVIEW } });
    expect(await screen.findByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(view.requests().some((request) => request.url.includes('/admin/releases'))).toBe(false);
  });
});
