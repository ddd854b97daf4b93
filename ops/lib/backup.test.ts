import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { after, before, describe, it } from 'node:test';
import { createGunzip, createGzip } from 'node:zlib';
import { createPortalApi } from '@portal/api';
import { postgresServerBin, startPrivatePostgres, type PrivatePostgres } from '@portal/api/test-support/private-postgres';
import { TYPE } from '@portal/domain';
import Database from 'better-sqlite3';
import pg from 'pg';
import { BackupError, portalDataFromEnv, restoreMaxBytesFromEnv, type PortalData } from './backup-format.js';
import { pgTool } from './backup-postgres.js';
import { restoreBackup } from './backup-restore.js';
import { repoRoot } from '../../server/lib/paths.js';
import { readTar, tarStream, type TarSource } from './tar.js';

// npm run backup / restore (lib/backup.ts) against a real portal: the API runs and takes writes (tickets and
// attachments through HTTP, as the demo admin) while `ops/backup.ts` runs as its own process; the archive
// is restored into a fresh folder (or database), a portal starts on it, and every write acknowledged before
// the backup began is there, every attachment with its bytes. Then the refusals: live data without --force,
// an altered file, and archives whose paths would land outside the target.

type Portal = Awaited<ReturnType<typeof createPortalApi>>;

const tempDirs: string[] = [];
function tempDir(name: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `portal-backup-test-${name}-`));
  tempDirs.push(dir);
  return dir;
}
after(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

async function startPortal(data: PortalData, seedDemo: boolean): Promise<{ app: Portal; baseUrl: string }> {
  const app = await createPortalApi({ databaseUrl: data.databaseUrl, dataDir: data.dataDir, seedDemo, runJobs: false });
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, baseUrl };
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.test', password: 'portal-demo' }),
  });
  assert.equal(res.status, 200);
  const cookie = /portal_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  assert.ok(cookie, 'no session cookie');
  return cookie;
}

async function post<T>(baseUrl: string, cookie: string, url: string, body: object | FormData): Promise<T> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { cookie, ...(form ? {} : { 'content-type': 'application/json' }) },
    body: form ? body : JSON.stringify(body),
  });
  const answer: unknown = await res.json();
  assert.ok(res.ok, `${url}: ${res.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

const newTicket = (baseUrl: string, cookie: string, companyId: number, title: string) =>
  post<{ ticket_id: number }>(baseUrl, cookie, '/api/ticket', {
    type_id: TYPE.question, title, description: 'Written while the backup runs', priority_id: 3, company_id: companyId, estimate_required: 0,
  }).then((answer) => answer.ticket_id);

interface Acknowledged {
  tickets: Array<{ id: number; title: string }>;
  attachments: Array<{ id: number; bytes: string }>;
}

/** Writers that create tickets and upload attachments until stopped; a write counts once its 2xx answer has arrived. */
function writeLoad(baseUrl: string, cookie: string, target: { ticketId: number; companyId: number }) {
  const acknowledged: Acknowledged = { tickets: [], attachments: [] };
  let stopped = false;
  let sequence = 0;
  const writer = async () => {
    while (!stopped) {
      const n = sequence++;
      if (n % 2 === 0) {
        const title = `backup load ticket ${n}`;
        const id = await newTicket(baseUrl, cookie, target.companyId, title);
        acknowledged.tickets.push({ id, title });
      } else {
        const bytes = `name,units\r\nbackup load file ${n},${n}\n`;
        const form = new FormData();
        form.append('file[]', new Blob([bytes], { type: 'text/csv' }), `load-${n}.csv`);
        const [file] = await post<Array<{ attachment_id: number }>>(baseUrl, cookie, `/api/ticket/${target.ticketId}/attachments`, form);
        acknowledged.attachments.push({ id: file!.attachment_id, bytes });
      }
    }
  };
  const writers = Promise.all(Array.from({ length: 4 }, writer));
  return {
    acknowledged,
    /** A copy of what is acknowledged now. */
    snapshot: (): Acknowledged => ({ tickets: [...acknowledged.tickets], attachments: [...acknowledged.attachments] }),
    count: () => acknowledged.tickets.length + acknowledged.attachments.length,
    async until(count: number): Promise<void> {
      while (this.count() < count) await new Promise((resolve) => setImmediate(resolve));
    },
    stop: async () => {
      stopped = true;
      await writers;
    },
  };
}

/** A root script (backup.ts, restore.ts) as its own process, as `npm run` starts it. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'ops', script), ...args], {
      cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const DEPLOYED = { remote: 'tickets', version: '20261126-080000-abcdef0', file: 'remoteEntry.js', text: 'window.deployedForTheBackupTest = true;\n' };

/** A deployed remote and the map pointing at it, as deploy-remote leaves them (no build needed). */
function writeDeployedRemote(data: PortalData): void {
  const dir = path.join(data.deployDir, DEPLOYED.remote, DEPLOYED.version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, DEPLOYED.file), DEPLOYED.text);
  const entry = { entry: `/remotes/${DEPLOYED.remote}/${DEPLOYED.version}/mf-manifest.json`, version: DEPLOYED.version };
  writeFileSync(data.remotesMapPath, `${JSON.stringify({ [DEPLOYED.remote]: entry }, null, 2)}\n`);
}

/** Everything `acknowledged` holds, read back through the HTTP API of a portal started on the restored data. */
async function assertRestored(data: PortalData, acknowledged: Acknowledged): Promise<void> {
  const { app, baseUrl } = await startPortal(data, false);
  try {
    const cookie = await signIn(baseUrl);
    for (const ticket of acknowledged.tickets) {
      const res = await fetch(`${baseUrl}/api/ticket/${ticket.id}`, { headers: { cookie } });
      assert.equal(res.status, 200, `ticket ${ticket.id} is missing after the restore`);
      assert.equal(((await res.json()) as { title: string }).title, ticket.title);
    }
    for (const attachment of acknowledged.attachments) {
      const res = await fetch(`${baseUrl}/api/attachments/${attachment.id}/download`, { headers: { cookie } });
      assert.equal(res.status, 200, `attachment ${attachment.id} is missing after the restore`);
      assert.equal(await res.text(), attachment.bytes);
    }
  } finally {
    await app.close();
  }
  assert.equal(readFileSync(path.join(data.deployDir, DEPLOYED.remote, DEPLOYED.version, DEPLOYED.file), 'utf8'), DEPLOYED.text);
  assert.equal((JSON.parse(readFileSync(data.remotesMapPath, 'utf8')) as Record<string, { version: string }>)[DEPLOYED.remote]?.version, DEPLOYED.version);
}

/**
 * On SQLite, a reader (another process's long report, say) whose open transaction keeps SQLite from
 * checkpointing the writes after it into portal.db: they stay in portal.db-wal, as a busy portal's
 * recent writes do, so a backup that copied portal.db as a file would miss them.
 */
function holdReadTransaction(data: PortalData): { release(): void } {
  if (data.databaseUrl && data.databaseUrl.startsWith('postgres')) return { release: () => undefined };
  const reader = new Database(path.join(data.dataDir, 'portal.db'), { readonly: true });
  reader.prepare('begin').run();
  reader.prepare('select count(*) from tickets').get();
  return {
    release: () => {
      reader.prepare('commit').run();
      reader.close();
    },
  };
}

/**
 * Starts a portal on `data`, backs it up with the CLI while writes run, and answers the archive and
 * what was acknowledged before the backup began.
 */
async function backupUnderLoad(data: PortalData, backupDir: string): Promise<{ archive: string; before: Acknowledged; output: string }> {
  writeDeployedRemote(data);
  const { app, baseUrl } = await startPortal(data, true);
  try {
    const cookie = await signIn(baseUrl);
    const { company_id: companyId } = await app.db.selectFrom('companies').select('company_id').orderBy('company_id').executeTakeFirstOrThrow();
    const ticketId = await newTicket(baseUrl, cookie, companyId, 'backup load target');
    const reader = holdReadTransaction(data);
    const load = writeLoad(baseUrl, cookie, { ticketId, companyId });
    await load.until(12);
    const before = load.snapshot();
    const backup = await runScript('backup.ts', [backupDir], { DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl ?? '' });
    const during = load.count() - before.tickets.length - before.attachments.length;
    await load.stop();
    reader.release();
    assert.equal(backup.code, 0, backup.output);
    // The writers went on while the backup ran: it was taken from a portal under writes.
    assert.ok(during > 0, `no write was acknowledged while the backup ran:\n${backup.output}`);
    const archives = readdirSync(backupDir).filter((name) => /^portal-backup-\d{8}T\d{6}Z\.tar\.gz$/.test(name));
    assert.equal(archives.length, 1, `one archive expected in ${backupDir}: ${readdirSync(backupDir).join(', ')}`);
    return { archive: path.join(backupDir, archives[0]!), before, output: backup.output };
  } finally {
    await app.close();
  }
}

const sqliteData = (dataDir: string): PortalData => portalDataFromEnv({ DATA_DIR: dataDir, DATABASE_URL: 'sqlite' });

/** The archive's entries, read whole (test archives are small). */
async function entriesOf(archive: string): Promise<Array<{ path: string; body: Buffer }>> {
  const entries: Array<{ path: string; body: Buffer }> = [];
  await readTar(createReadStream(archive).pipe(createGunzip()), (header) => {
    const parts: Buffer[] = [];
    return { write: (chunk) => void parts.push(chunk), end: () => void entries.push({ path: header.path, body: Buffer.concat(parts) }) };
  });
  return entries;
}

/** An archive of these entries, after `hostile` ones (a path or a kind no backup holds) when given. */
async function writeArchive(file: string, entries: Array<{ path: string; body: Buffer }>, hostile: TarSource[] = []): Promise<void> {
  const sources = [...hostile, ...entries.map((entry): TarSource => ({ path: entry.path, size: entry.body.length, body: [entry.body] }))];
  await pipeline(tarStream(sources), createGzip(), createWriteStream(file));
}

const rejectsWith = (promise: Promise<unknown>, message: RegExp) =>
  assert.rejects(promise, (error: unknown) => error instanceof BackupError && message.test(error.message));

describe('backup and restore on SQLite', () => {
  const live = sqliteData(tempDir('live'));
  let archive = '';
  let earlier: Acknowledged;

  before(async () => {
    writeFileSync(path.join(live.dataDir, 'secrets.key'), `${Buffer.alloc(32, 7).toString('base64')}\n`, { mode: 0o600 });
    ({ archive, before: earlier } = await backupUnderLoad(live, tempDir('archives')));
  });

  it('keeps the archive, the restored portal.db and secrets.key readable by the owner only', async () => {
    const ownerOnly = (file: string) => assert.equal((statSync(file).mode & 0o777).toString(8), '600', file);
    ownerOnly(archive);
    const fresh = sqliteData(path.join(tempDir('modes'), 'data'));
    await restoreBackup(archive, fresh);
    ownerOnly(path.join(fresh.dataDir, 'portal.db'));
    ownerOnly(path.join(fresh.dataDir, 'secrets.key'));
    assert.equal(readFileSync(path.join(fresh.dataDir, 'secrets.key'), 'utf8'), readFileSync(path.join(live.dataDir, 'secrets.key'), 'utf8'));
  });

  it('refuses an archive whose unpacked size passes the cap (RESTORE_MAX_SIZE), leaving nothing behind', async () => {
    const target = path.join(tempDir('over-cap'), 'data');
    await rejectsWith(restoreBackup(archive, sqliteData(target), { maxBytes: 64 * 1024 }), /unpacks to more than 64 KiB/);
    assert.equal(existsSync(target), false);
    const refused = await runScript('restore.ts', [archive], { DATA_DIR: target, DATABASE_URL: 'sqlite', RESTORE_MAX_SIZE: '64K' });
    assert.equal(refused.code, 1);
    assert.match(refused.output, /unpacks to more than 64 KiB.*RESTORE_MAX_SIZE/s);
    assert.equal(existsSync(target), false);
  });

  it('restores every write acknowledged before the backup began, with each attachment\'s bytes, into a fresh folder', async () => {
    assert.ok(earlier.tickets.length > 0 && earlier.attachments.length > 0);
    const fresh = sqliteData(path.join(tempDir('fresh'), 'data'));
    await restoreBackup(archive, fresh);
    await assertRestored(fresh, earlier);
  });

  it('refuses a folder holding a portal without --force, with the reason, and replaces it with --force', async () => {
    const refused = await runScript('restore.ts', [archive], { DATA_DIR: live.dataDir, DATABASE_URL: 'sqlite' });
    assert.equal(refused.code, 1);
    assert.match(refused.output, /Refusing to restore over live data/);
    assert.match(refused.output, /portal\.db/);
    assert.match(refused.output, /--force/);

    const target = sqliteData(tempDir('forced'));
    writeFileSync(path.join(target.dataDir, 'portal.db'), 'an older portal');
    await rejectsWith(restoreBackup(archive, target), /Refusing to restore over live data/);
    assert.equal(readFileSync(path.join(target.dataDir, 'portal.db'), 'utf8'), 'an older portal');
    await restoreBackup(archive, target, { force: true });
    await assertRestored(target, earlier);
  });

  it('refuses an archive whose file does not match its checksum, before writing anything', async () => {
    const entries = await entriesOf(archive);
    const upload = entries.find((entry) => entry.path.startsWith('uploads/'))!;
    upload.body = Buffer.from(upload.body.toString('utf8').replace('backup load file', 'altered load file'));
    const tampered = path.join(tempDir('tampered'), 'portal-backup.tar.gz');
    await writeArchive(tampered, entries);
    const target = path.join(tempDir('tampered-target'), 'data');
    await rejectsWith(restoreBackup(tampered, sqliteData(target)), new RegExp(`${upload.path} in the archive does not match its checksum`));
    assert.equal(existsSync(target), false);
  });

  it('refuses archives with paths that leave the target or with links', async () => {
    const entries = await entriesOf(archive);
    const dir = tempDir('hostile');
    const empty = (entryPath: string, more: Partial<TarSource> = {}): TarSource[] => [{ path: entryPath, size: 0, body: [], ...more }];
    const cases: Array<{ name: string; raw: TarSource[]; says: RegExp }> = [
      { name: 'climbs', raw: empty('uploads/../../evil.txt'), says: /climbs out of its folder/ },
      { name: 'absolute', raw: empty('/tmp/evil.txt'), says: /an absolute path/ },
      { name: 'symlink', raw: empty('uploads/link.csv', { type: 'symlink', linkName: '/etc/passwd' }), says: /as a symlink/ },
      { name: 'elsewhere', raw: empty('etc/cron.d/evil'), says: /outside what a backup holds/ },
    ];
    for (const hostile of cases) {
      const file = path.join(dir, `${hostile.name}.tar.gz`);
      await writeArchive(file, entries, hostile.raw);
      const target = path.join(dir, `${hostile.name}-target`, 'data');
      await rejectsWith(restoreBackup(file, sqliteData(target)), hostile.says);
      assert.equal(existsSync(target), false, `${hostile.name}: the restore wrote before refusing`);
    }
    assert.equal(existsSync(path.join(dir, 'evil.txt')), false);
  });
});

function hasPostgres(): boolean {
  try {
    pgTool('pg_dump');
    pgTool('pg_restore');
    return readdirSync('/usr/lib/postgresql').length > 0;
  } catch {
    return false;
  }
}

// CI runs it (a missing PostgreSQL there fails the run); elsewhere it needs the server binaries.
describe('backup and restore on PostgreSQL (pg_dump, pg_restore)', { skip: !hasPostgres() && process.env.CI !== 'true' }, () => {
  let cluster: PrivatePostgres;
  const database = (name: string) => {
    const url = new URL(cluster.url);
    url.pathname = `/${name}`;
    return url.toString();
  };

  before(async () => {
    const bin = postgresServerBin();
    if (!bin) throw new Error('no PostgreSQL server here (apt-get install postgresql)');
    cluster = await startPrivatePostgres(bin, { name: 'backup-test', portFrom: 55_640 });
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('create database portal_live');
    await admin.query('create database portal_restored');
    await admin.end();
  });

  after(() => cluster?.remove());

  it('restores a dump taken under writes into an empty database, and refuses one with tables without --force', async () => {
    const live: PortalData = { ...sqliteData(tempDir('pg-live')), databaseUrl: database('portal_live') };
    const { archive, before, output } = await backupUnderLoad(live, tempDir('pg-archives'));
    assert.match(output, /postgres database/);

    const fresh: PortalData = { ...sqliteData(path.join(tempDir('pg-fresh'), 'data')), databaseUrl: database('portal_restored') };
    await restoreBackup(archive, fresh);
    await assertRestored(fresh, before);

    const again = { ...fresh, dataDir: tempDir('pg-again'), deployDir: tempDir('pg-again-deploy') };
    again.remotesMapPath = path.join(again.dataDir, 'remotes.json');
    await rejectsWith(restoreBackup(archive, again), /the database in DATABASE_URL has \d+ tables/);
    await restoreBackup(archive, again, { force: true });
    await assertRestored(again, before);
  });
});

describe('RESTORE_MAX_SIZE', () => {
  it('reads bytes or K, M, G, T (binary), defaults to 10 GiB and refuses anything else', () => {
    assert.equal(restoreMaxBytesFromEnv({}), 10 * 1024 ** 3);
    assert.equal(restoreMaxBytesFromEnv({ RESTORE_MAX_SIZE: '50G' }), 50 * 1024 ** 3);
    assert.equal(restoreMaxBytesFromEnv({ RESTORE_MAX_SIZE: '500MiB' }), 500 * 1024 ** 2);
    assert.equal(restoreMaxBytesFromEnv({ RESTORE_MAX_SIZE: '4096' }), 4096);
    for (const value of ['lots', '-1', '0', '1.5G']) assert.throws(() => restoreMaxBytesFromEnv({ RESTORE_MAX_SIZE: value }), BackupError, value);
  });
});
