import type { FastifyInstance } from 'fastify';
import { CANARY_RULES, type ReleaseReportKind } from '@portal/domain';
import type { RemoteMapEntry, RemotesMap } from '@portal/contract/remotes';
import { resolveConfig } from '../config';
import type { CanaryRow } from '../repositories/release-repository';
import { openDemoCast, type DemoCast } from '../test-support/test-app';
import { canaryTeller, judgeCanaries, type CanaryJudgeContext } from './canary-judge';
import type { ReleaseHost, ReleaseHostLogLine } from './release-host';
import { serviceContext } from './service-context';

// The canary judge (docs/deploying-a-remote.md#canary-releases) with a fake release host: no verdict on too few loads,
// a failing canary rolled back once however many judges run at once, a healthy one promoted at the end of its window
// and not before, reports of more than a day ago removed.

const NOW = new Date('2026-12-07T12:00:30.000Z');
const STARTED = '2026-12-07T11:50:00.000Z';
const RULES = { ...CANARY_RULES, minLoads: 20 };

let cast: DemoCast;
/** A second API on the same database: another process's judge. */
let other: FastifyInstance;
beforeAll(async () => {
  cast = await openDemoCast({ clock: () => NOW });
  other = await cast.t.openAnother({ clock: () => NOW });
});
afterAll(async () => {
  await other.close();
  await cast.t.close();
});

/** A release host over a map in memory, recording what it was asked. */
function fakeHost(map: RemotesMap) {
  const filed: ReleaseHostLogLine[] = [];
  const madeLive: { remote: string; entry: RemoteMapEntry; reason: string }[] = [];
  const host: ReleaseHost = {
    liveMap: async () => ({ ...map }),
    makeLive: async (remote, entry, record) => {
      madeLive.push({ remote, entry, reason: record.reason });
      map[remote] = entry;
    },
    logToFile: (line) => {
      filed.push(line);
    },
  };
  return { host, filed, madeLive };
}

const entryOf = (remote: string, version: string) => ({ entry: `/remotes/${remote}/${version}/mf-manifest.json`, version });

async function startCanary(remote: string, version: string, extra: Partial<CanaryRow> = {}): Promise<CanaryRow> {
  const row: CanaryRow = {
    remote, version, entry: entryOf(remote, version).entry, share: 50, started_at: STARTED, started_by: 'deployer@example.com',
    auto_promote_at: null, ...extra,
  };
  await cast.t.app.repos.releases.startCanary(row);
  return row;
}

async function report(remote: string, version: string, counts: Partial<Record<ReleaseReportKind, number>>, at = new Date('2026-12-07T11:55:10.000Z')) {
  const lines = Object.entries(counts).map(([kind, count]) => ({ remote, version, kind: kind as ReleaseReportKind, count }));
  await cast.t.app.repos.releases.addReports(lines, at);
}

function judge(host: ReleaseHost | null, told: unknown[] = [], app: FastifyInstance = cast.t.app): CanaryJudgeContext {
  const tell = canaryTeller(serviceContext(app), async () => undefined);
  return {
    releases: app.repos.releases, host, clock: () => NOW, rules: RULES,
    tell: async (outcome) => {
      told.push(outcome);
      await tell(outcome);
    },
  };
}

const logOf = async (remote: string) => (await cast.t.app.repos.releases.recentLog(100)).filter((line) => line.remote === remote);
const canaryOf = async (remote: string) => (await cast.t.app.repos.releases.canaries()).find((row) => row.remote === remote);

test('too few loads: no verdict, the canary stays and nothing is told', async () => {
  const { host, filed } = fakeHost({ companies: entryOf('companies', 'c1') });
  await startCanary('companies', 'c2');
  await report('companies', 'c2', { load: 19, error: 19 });
  await report('companies', 'c1', { load: 200 });
  const told: unknown[] = [];
  const summary = await judgeCanaries(judge(host, told));
  expect(summary).toEqual(expect.objectContaining({ judged: 1, rolledBack: 0, promoted: 0 }));
  expect(await canaryOf('companies')).toBeDefined();
  expect(told).toEqual([]);
  expect(filed).toEqual([]);
});

test('a failing canary is rolled back once by two processes judging at once: one log line, one audit entry, the admins and the deployer told', async () => {
  const { host, filed } = fakeHost({ tickets: entryOf('tickets', 't1') });
  await startCanary('tickets', 't2');
  await report('tickets', 't2', { load: 60, chunk: 25, error: 5 });
  await report('tickets', 't1', { load: 300, error: 3 });
  // Before the canary started: not judged on (the live version's bad minute long ago).
  await report('tickets', 't1', { load: 100, error: 100 }, new Date('2026-12-07T11:40:00.000Z'));
  const told: unknown[] = [];

  const [first, second] = await Promise.all([judgeCanaries(judge(host, told)), judgeCanaries(judge(host, told, other))]);
  expect(first.rolledBack + second.rolledBack).toBe(1);
  expect(told).toHaveLength(1);
  expect(await canaryOf('tickets')).toBeUndefined();

  const reason = 'failures 50.0 % of 60 loads against 1.0 % of 300 on the live version';
  expect(await logOf('tickets')).toEqual([{ at: NOW.toISOString(), by: 'system', remote: 'tickets', action: 'auto-rollback', version: 't2', reason }]);
  expect(filed).toEqual([{
    at: NOW.toISOString(), by: 'system', remote: 'tickets', action: 'auto-rollback', version: 't2', entry: entryOf('tickets', 't2').entry,
    previous: null, reason,
  }]);

  const { db } = cast.t.app;
  const audit = await db.selectFrom('audit_log').selectAll().where('action', '=', 'release.rolled_back').execute();
  expect(audit).toEqual([expect.objectContaining({ actor_id: null, entity: 'release', subject: 'tickets t2' })]);
  expect(JSON.parse(audit[0]!.changes)).toEqual([{ field: 'canary', before: 't2', after: null }, { field: 'reason', before: null, after: reason }]);

  const subject = 'Canary tickets t2 was rolled back';
  const bell = await db.selectFrom('notifications').select(['contact_id', 'ticket_id']).where('note', '=', subject).execute();
  expect(bell).toEqual([{ contact_id: cast.ids.admin, ticket_id: null }]);
  const mail = await db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('subject', '=', subject).orderBy('to_address').execute();
  expect(mail.map((row) => row.to_address)).toEqual(['admin@demo.test', 'deployer@example.com']);
  expect(mail[0]!.text).toContain(`The canary t2 of tickets failed in people's browsers and was removed from the remotes map by itself: ${reason}. Everyone is served the live version again.`);
});

test('a healthy canary is made live through the host at its auto-promotion time, then removed; before it, it stays', async () => {
  const { host, madeLive, filed } = fakeHost({ billing: entryOf('billing', 'b1'), admin: entryOf('admin', 'a1') });
  await startCanary('billing', 'b2', { auto_promote_at: '2026-12-07T12:00:00.000Z', started_by: 'a deploy script' });
  await startCanary('admin', 'a2', { auto_promote_at: '2026-12-07T12:30:00.000Z' });
  for (const [remote, version] of [['billing', 'b2'], ['billing', 'b1'], ['admin', 'a2'], ['admin', 'a1']] as const) {
    await report(remote, version, { load: 100, error: 1 });
  }
  const told: unknown[] = [];
  // The admin reads German: their bell and mail say so; the reason is the judge's figures, as written.
  const setAdminLanguage = (language: string | null) => cast.t.app.db.updateTable('contacts').set({ language }).where('contact_id', '=', cast.ids.admin).execute();
  await setAdminLanguage('de');
  const summary = await judgeCanaries(judge(host, told)).finally(() => setAdminLanguage(null));
  expect(summary.promoted).toBe(1);

  expect(madeLive).toEqual([{ remote: 'billing', entry: entryOf('billing', 'b2'), reason: expect.stringMatching(/^failures 1.0 % of 100 loads/) }]);
  expect(await canaryOf('billing')).toBeUndefined();
  expect(await logOf('billing')).toEqual([expect.objectContaining({ action: 'auto-promote', version: 'b2', by: 'system' })]);
  expect(await cast.t.app.db.selectFrom('release_log').select('previous').where('remote', '=', 'billing').execute()).toEqual([{ previous: entryOf('billing', 'b1').entry }]);
  // The host wrote the file's line as it made the version live.
  expect(filed).toEqual([]);
  // Not a mail address: the admins alone are mailed.
  const mail = await cast.t.app.db.selectFrom('mail_outbox').select(['to_address', 'text']).where('subject', '=', 'Canary billing b2 ist live').execute();
  expect(mail.map((row) => row.to_address)).toEqual(['admin@demo.test']);
  expect(mail[0]!.text).toMatch(/^Das Canary b2 von billing blieb während seines Zeitfensters stabil und ist jetzt für alle die Live-Version: failures 1.0 % of 100 loads/);
  const bell = await cast.t.app.db.selectFrom('notifications').select('note').where('contact_id', '=', cast.ids.admin).where('note', 'like', 'Canary billing%').execute();
  expect(bell).toEqual([{ note: 'Canary billing b2 ist live' }]);

  expect(await canaryOf('admin')).toEqual(expect.objectContaining({ version: 'a2' }));
  expect(await logOf('admin')).toEqual([]);
});

test('without a release host nothing is judged; reports of more than a day ago are removed', async () => {
  await startCanary('auth', 'u2');
  await report('auth', 'u2', { load: 100, error: 100 });
  await report('auth', 'u0', { load: 7 }, new Date(NOW.getTime() - 25 * 3_600_000));
  const summary = await judgeCanaries(judge(null));
  expect(summary).toEqual({ judged: 0, rolledBack: 0, promoted: 0, pruned: 1 });
  expect(await canaryOf('auth')).toBeDefined();
});

test('the job runner judges with the host the server handed over, on CANARY_MIN_LOADS', async () => {
  const { host } = fakeHost({ dashboards: entryOf('dashboards', 'd1') });
  await startCanary('dashboards', 'd2');
  await report('dashboards', 'd2', { load: 60, panel: 30 });
  await report('dashboards', 'd1', { load: 60 });
  expect((await cast.t.app.jobs.runCanaries()).rolledBack).toBe(0);
  cast.t.app.releases.useHost(host);
  try {
    expect((await cast.t.app.jobs.runCanaries()).rolledBack).toBe(1);
  } finally {
    cast.t.app.releases.useHost(null);
  }
  expect(await canaryOf('dashboards')).toBeUndefined();
});

test('CANARY_CHECK_MS and CANARY_MIN_LOADS: whole numbers within bounds, else the defaults', () => {
  const of = (env: Record<string, string>) => {
    const config = resolveConfig({}, env);
    return [config.canaryCheckMs, config.canaryMinLoads];
  };
  expect(of({})).toEqual([15_000, 50]);
  expect(of({ CANARY_CHECK_MS: '3000', CANARY_MIN_LOADS: '10' })).toEqual([3000, 10]);
  expect(of({ CANARY_CHECK_MS: '10', CANARY_MIN_LOADS: '0' })).toEqual([15_000, 50]);
  expect(of({ CANARY_CHECK_MS: '1500.5', CANARY_MIN_LOADS: 'many' })).toEqual([15_000, 50]);
  expect(of({ CANARY_CHECK_MS: '3600000', CANARY_MIN_LOADS: '2000000' })).toEqual([15_000, 50]);
});

test('a canary whose promotion fails does not keep the others from being judged; the pass fails with it', async () => {
  const { host, filed } = fakeHost({ tickets: entryOf('tickets', 't5'), companies: entryOf('companies', 'c5') });
  host.makeLive = async () => {
    throw new Error('the remotes map is not writable');
  };
  // The canaries are read by remote, 'companies' first: its promotion fails before the tickets canary is judged.
  await startCanary('companies', 'c6', { auto_promote_at: '2026-12-07T11:59:00.000Z' });
  await startCanary('tickets', 't6');
  await report('companies', 'c6', { load: 100 });
  await report('companies', 'c5', { load: 100 });
  await report('tickets', 't6', { load: 100, error: 60 });
  await report('tickets', 't5', { load: 100 });
  await expect(judgeCanaries(judge(host))).rejects.toThrow('the remotes map is not writable');
  expect(await canaryOf('companies')).toEqual(expect.objectContaining({ version: 'c6' }));
  expect(await canaryOf('tickets')).toBeUndefined();
  expect(filed).toEqual([expect.objectContaining({ action: 'auto-rollback', version: 't6' })]);
});
