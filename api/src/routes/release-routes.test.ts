import type { ReleasesOverview } from '@portal/contract';
import type { RemotesMap } from '@portal/contract/remotes';
import type { ReleaseHost } from '../services/release-host';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { RELEASE_REPORTS_PER_MINUTE } from './release-routes';

// Canary releases (docs/deploying-a-remote.md#canary-releases): browsers report counts per remote and version with or
// without a session, from the portal's own pages (a keepalive fetch as a page is left); admins read each remote's live
// version, canary, minutes and the deploy log.

const NOW = new Date('2026-12-07T11:45:20.000Z');
let cast: DemoCast;
let live: RemotesMap = {};
const host: ReleaseHost = {
  liveMap: async () => live,
  makeLive: async () => undefined,
  logToFile: () => undefined,
};

beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW, publicUrl: 'https://portal.example' });
});
afterAll(async () => {
  await cast.t.close();
});

const batch = (reports: object[]) => ({ reports });
const report = (overrides: object = {}) => ({ remote: 'tickets', version: 'v2', kind: 'load', count: 1, ...overrides });

describe('POST /api/releases/reports', () => {
  test('a same-origin keepalive batch from a signed-out page is counted in its minute: 202', async () => {
    const res = await cast.t.app.inject({
      method: 'POST', url: '/api/releases/reports',
      headers: { origin: 'https://portal.example', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' },
      payload: batch([report({ count: 3 }), report({ kind: 'error' }), report({ remote: 'auth', version: 'a1', kind: 'no-heading' })]),
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const tallies = await cast.t.app.repos.releases.tallies('tickets', ['v2'], NOW);
    expect(tallies.v2).toEqual(expect.objectContaining({ load: 3, error: 1 }));
  });

  test('signed in: counted, keyed by the person', async () => {
    const res = await cast.call('POST', '/api/releases/reports', cast.cookies.client, batch([report({ version: 'v9' })]));
    expect(res.statusCode).toBe(202);
  });

  test('a remote not in the remotes list, a kind not known, a batch too long: 400, nothing counted', async () => {
    for (const payload of [
      batch([report({ remote: 'payroll' })]),
      batch([report({ kind: 'click' })]),
      batch([report({ version: '../../etc' })]),
      batch(Array.from({ length: 61 }, () => report())),
      batch([]),
    ]) {
      const res = await cast.call('POST', '/api/releases/reports', undefined, payload);
      expect(res.statusCode).toBe(400);
    }
    expect(await cast.t.app.repos.releases.tallies('payroll', ['v2'], NOW)).toEqual({});
  });

  test('another site cannot post reports', async () => {
    const res = await cast.t.app.inject({
      method: 'POST', url: '/api/releases/reports', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload: batch([report()]),
    });
    expect(res.statusCode).toBe(403);
  });

  test(`rate limited: ${RELEASE_REPORTS_PER_MINUTE} batches a minute per address signed out, per person signed in`, async () => {
    const from = (address: string, cookie?: string) => cast.t.app.inject({
      method: 'POST', url: '/api/releases/reports', remoteAddress: address, headers: cookie ? { cookie } : {}, payload: batch([report({ remote: 'admin' })]),
    });
    for (let n = 0; n < RELEASE_REPORTS_PER_MINUTE; n += 1) expect((await from('203.0.113.9')).statusCode).toBe(202);
    expect((await from('203.0.113.9')).statusCode).toBe(429);
    // Another address, and a signed-in person behind the same one, have limits of their own.
    expect((await from('203.0.113.10')).statusCode).toBe(202);
    expect((await from('203.0.113.9', cast.cookies.agent)).statusCode).toBe(202);
  });
});

describe('GET /api/admin/releases', () => {
  test('signed out 401; staff other than admins 403', async () => {
    expect((await cast.call('GET', '/api/admin/releases')).statusCode).toBe(401);
    expect((await cast.call('GET', '/api/admin/releases', cast.cookies.agent)).statusCode).toBe(403);
    expect((await cast.call('GET', '/api/admin/releases', cast.cookies.client)).statusCode).toBe(403);
  });

  test('without a release host: every remote of the list, no live version, the canaries, the last hour and the log', async () => {
    const { releases } = cast.t.app.repos;
    await releases.startCanary({
      remote: 'tickets', version: 'v2', entry: '/remotes/tickets/v2/mf-manifest.json', share: 10,
      started_at: '2026-12-07T11:30:00.000Z', started_by: 'admin@demo.test', auto_promote_at: null,
    });
    // Two hours ago: not in the last hour's minutes.
    await releases.addReports([report({ version: 'v0', count: 5 }) as never], new Date(NOW.getTime() - 2 * 3_600_000));
    await releases.log({
      at: '2026-12-07T11:30:00.000Z', by: 'admin@demo.test', remote: 'tickets', action: 'canary', version: 'v2',
      entry: '/remotes/tickets/v2/mf-manifest.json', previous: null, reason: null,
    });
    const res = await cast.call('GET', '/api/admin/releases', cast.cookies.admin);
    expect(res.statusCode).toBe(200);
    const overview = res.json() as ReleasesOverview;
    expect(overview.remotes.map((remote) => remote.remote)).toEqual(['auth', 'dashboards', 'tickets', 'companies', 'admin', 'billing']);
    const tickets = overview.remotes.find((remote) => remote.remote === 'tickets')!;
    expect(tickets).toEqual({
      remote: 'tickets',
      live: null,
      canary: {
        version: 'v2', entry: '/remotes/tickets/v2/mf-manifest.json', share: 10, started_at: '2026-12-07T11:30:00.000Z',
        started_by: 'admin@demo.test', auto_promote_at: null,
      },
      minutes: [
        { minute: '2026-12-07T11:45:00.000Z', version: 'v2', loads: 3, failures: 1 },
        { minute: '2026-12-07T11:45:00.000Z', version: 'v9', loads: 1, failures: 0 },
      ],
    });
    expect(overview.remotes.find((remote) => remote.remote === 'billing')).toEqual({ remote: 'billing', live: null, canary: null, minutes: [] });
    expect(overview.log).toEqual([
      { at: '2026-12-07T11:30:00.000Z', by: 'admin@demo.test', remote: 'tickets', action: 'canary', version: 'v2', reason: null },
    ]);
  });

  test('with the server\'s release host: the live versions of its map', async () => {
    live = { tickets: { entry: '/remotes/tickets/v1/mf-manifest.json', version: 'v1' } };
    cast.t.app.releases.useHost(host);
    try {
      const overview = (await cast.call('GET', '/api/admin/releases', cast.cookies.admin)).json() as ReleasesOverview;
      expect(overview.remotes.find((remote) => remote.remote === 'tickets')!.live).toBe('v1');
      expect(overview.remotes.find((remote) => remote.remote === 'auth')!.live).toBeNull();
    } finally {
      cast.t.app.releases.useHost(null);
    }
  });
});
