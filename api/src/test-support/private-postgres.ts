import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

// A PostgreSQL server of a caller's own: initdb + pg_ctl from /usr/lib/postgresql/<newest>/bin in a temp folder, on a
// free loopback port, as .ci/run starts CI's. Run as the postgres user when the caller runs as root (PostgreSQL refuses
// to run as root). Every call is asynchronous, so an API in the caller's own process keeps answering while the server
// stops or starts. The one such server of the repository: the API's outage test (database-outage.test.ts) stops and
// starts it, the operator commands' backup test dumps and restores through it, and the benchmarks load millions of rows
// into it with settings of their own. They import it as @portal/api/test-support/private-postgres.

const run = promisify(execFile);

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m immediate`: every backend ends at once, no checkpoint (the start after it recovers from the WAL). */
  stopImmediately(): Promise<void>;
  /** `pg_ctl start -w`: settles once the server accepts connections. */
  start(): Promise<void>;
  /** Stops the server if it runs and removes its folder. */
  remove(): Promise<void>;
}

/** The newest installed server's bin folder, or undefined when there is no initdb. */
export function postgresServerBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length > 0 ? path.join(root, versions[versions.length - 1]!, 'bin') : undefined;
  return bin && existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')) ? bin : undefined;
}

function freePort(from: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = (port: number) => {
      if (port > from + 200) return reject(new Error(`no free port from ${from}`));
      const server = net.createServer();
      server.once('error', () => probe(port + 1));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    };
    probe(from);
  });
}

export interface PrivatePostgresOptions {
  /** The first port to try (default 55800). */
  portFrom?: number;
  /** In the temp folder's name, `portal-<name>-` (default `outage-pg`). */
  name?: string;
  /** More server settings, each as `-c name=value` (the benchmarks turn durability off for bulk loads). */
  settings?: readonly string[];
}

export async function startPrivatePostgres(
  bin: string,
  { portFrom = 55_800, name = 'outage-pg', settings = [] }: PrivatePostgresOptions = {},
): Promise<PrivatePostgres> {
  const root = process.getuid?.() === 0;
  const asPostgres = (command: string, args: string[]) =>
    run(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, { timeout: 60_000 });
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  if (root) await run('chown', ['-R', 'postgres', dir]);
  const data = path.join(dir, 'data');
  const port = await freePort(portFrom);
  await asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust']);
  const pgCtl = (args: string[]) => asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    const options = [`-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', ...settings].join(' ');
    await pgCtl(['-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stopImmediately = async () => {
    await pgCtl(['-m', 'immediate', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopImmediately,
    async remove() {
      await stopImmediately().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
