import { useMigrationDatabase } from '../test-support/migration-db';
import { createReleaseRepository, reportMinute, type CanaryRow } from './release-repository';

// The canary releases' tables (migration 0044) through their repository, on SQLite or, when DATABASE_URL is set, a
// PostgreSQL schema of its own: counts that add up under batches at once, a canary ended by one caller only.

const database = useMigrationDatabase({ postgresWhenSet: true });
const repository = async () => {
  await database.migrator().migrateToLatest();
  return createReleaseRepository(database.db as never);
};

const MINUTE = new Date('2026-12-07T11:40:27.512Z');
const canary = (overrides: Partial<CanaryRow> = {}): CanaryRow => ({
  remote: 'tickets', version: 'v2', entry: '/remotes/tickets/v2/mf-manifest.json', share: 10,
  started_at: '2026-12-07T11:30:00.000Z', started_by: 'dana@example.com', auto_promote_at: null, ...overrides,
});

describe('the release repository', () => {
  test('a report minute is the minute the time falls in', () => {
    expect(reportMinute(MINUTE)).toBe('2026-12-07T11:40:00.000Z');
  });

  test('batches add to the counts of their minute, and two at once lose nothing', async () => {
    const releases = await repository();
    const batch = [
      { remote: 'tickets', version: 'v2', kind: 'load' as const, count: 3 },
      { remote: 'tickets', version: 'v2', kind: 'error' as const, count: 1 },
      { remote: 'tickets', version: 'v2', kind: 'load' as const, count: 2 },
      { remote: 'tickets', version: 'v1', kind: 'no-heading' as const, count: 1 },
      { remote: 'admin', version: 'a1', kind: 'chunk' as const, count: 4 },
    ];
    await Promise.all([releases.addReports(batch, MINUTE), releases.addReports(batch, MINUTE), releases.addReports(batch, MINUTE)]);
    await releases.addReports([{ remote: 'tickets', version: 'v2', kind: 'panel', count: 1 }], new Date('2026-12-07T11:41:05.000Z'));

    const tallies = await releases.tallies('tickets', ['v1', 'v2', 'v3'], new Date('2026-12-07T11:40:59.000Z'));
    expect(tallies.v2).toEqual({ load: 15, error: 3, rejection: 0, panel: 1, chunk: 0, 'no-heading': 0 });
    expect(tallies.v1).toEqual({ load: 0, error: 0, rejection: 0, panel: 0, chunk: 0, 'no-heading': 3 });
    expect(tallies.v3).toBeUndefined();
    // From a later minute on, the first minute is left out.
    expect((await releases.tallies('tickets', ['v2'], new Date('2026-12-07T11:41:00.000Z'))).v2).toEqual(
      { load: 0, error: 0, rejection: 0, panel: 1, chunk: 0, 'no-heading': 0 },
    );

    expect(await releases.minutes(new Date('2026-12-07T11:00:00.000Z'))).toEqual([
      { remote: 'admin', version: 'a1', minute: '2026-12-07T11:40:00.000Z', loads: 0, failures: 12 },
      { remote: 'tickets', version: 'v1', minute: '2026-12-07T11:40:00.000Z', loads: 0, failures: 3 },
      { remote: 'tickets', version: 'v2', minute: '2026-12-07T11:40:00.000Z', loads: 15, failures: 3 },
      { remote: 'tickets', version: 'v2', minute: '2026-12-07T11:41:00.000Z', loads: 0, failures: 1 },
    ]);

    expect(await releases.pruneReports(new Date('2026-12-07T11:41:00.000Z'))).toBe(3);
    expect(await releases.minutes(new Date(0))).toHaveLength(1);
  });

  test('a canary replaces the one before; ending it succeeds once, and only for its version', async () => {
    const releases = await repository();
    await releases.startCanary(canary({ version: 'v2' }));
    await releases.startCanary(canary({ version: 'v3', share: 25, auto_promote_at: '2026-12-07T12:00:00.000Z' }));
    await releases.startCanary(canary({ remote: 'admin', version: 'a2' }));
    expect(await releases.canaries()).toEqual([
      canary({ remote: 'admin', version: 'a2' }),
      canary({ version: 'v3', share: 25, auto_promote_at: '2026-12-07T12:00:00.000Z' }),
    ]);

    expect(await releases.endCanary('tickets', 'v2')).toBe(false);
    const ended = await Promise.all([releases.endCanary('tickets', 'v3'), releases.endCanary('tickets', 'v3')]);
    expect(ended.filter(Boolean)).toHaveLength(1);
    expect((await releases.canaries()).map((row) => row.remote)).toEqual(['admin']);
  });

  test('the deploy log reads newest first, with the reason', async () => {
    const releases = await repository();
    const line = { by: 'dana@example.com', remote: 'tickets', entry: '/remotes/tickets/v2/mf-manifest.json', previous: null, reason: null };
    await releases.log({ ...line, at: '2026-12-07T11:00:00.000Z', action: 'deploy', version: 'v1' });
    await releases.log({ ...line, at: '2026-12-07T11:10:00.000Z', action: 'canary', version: 'v2' });
    await releases.log({ ...line, at: '2026-12-07T11:20:00.000Z', by: 'system', action: 'auto-rollback', version: 'v2', reason: 'failures 40.0 %' });
    expect(await releases.recentLog(2)).toEqual([
      { at: '2026-12-07T11:20:00.000Z', by: 'system', remote: 'tickets', action: 'auto-rollback', version: 'v2', reason: 'failures 40.0 %' },
      { at: '2026-12-07T11:10:00.000Z', by: 'dana@example.com', remote: 'tickets', action: 'canary', version: 'v2', reason: null },
    ]);
  });
});
