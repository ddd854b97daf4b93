import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A throwaway PostgreSQL for the benchmarks: initdb + pg_ctl (as the postgres user when run as root)
// in a temp dir, on the first free loopback port from `portFrom`, tuned for loading millions of rows
// (durability off, a larger cache, autovacuum off); the planner settings stay the defaults.

export interface Cluster {
  url: string;
  stop(): void;
}

export function freePort(from: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = (port: number) => {
      if (port > from + 100) return reject(new Error(`no free port from ${from}`));
      const server = net.createServer();
      server.once('error', () => probe(port + 1));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    };
    probe(from);
  });
}

export async function startCluster({ name, portFrom, log }: { name: string; portFrom: number; log(line: string): void }): Promise<Cluster> {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length > 0 ? `/usr/lib/postgresql/${versions[versions.length - 1]}/bin` : '';
  if (!bin || !existsSync(`${bin}/initdb`)) throw new Error('no PostgreSQL server here (apt-get install postgresql), or pass BENCH_DATABASE_URL');
  const root = process.getuid?.() === 0;
  const asPostgres = (command: string, args: string[]) =>
    execFileSync(root ? 'runuser' : command, root ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'pipe' });
  const dir = mkdtempSync(path.join(tmpdir(), `portal-${name}-`));
  if (root) execFileSync('chown', ['-R', 'postgres', dir]);
  const port = await freePort(portFrom);
  asPostgres(`${bin}/initdb`, ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust']);
  const settings = [
    `-p ${port}`, `-k ${dir}`, '-c listen_addresses=127.0.0.1', '-c shared_buffers=1GB', '-c fsync=off', '-c synchronous_commit=off',
    '-c full_page_writes=off', '-c wal_level=minimal', '-c max_wal_senders=0', '-c max_wal_size=8GB', '-c autovacuum=off',
  ].join(' ');
  asPostgres(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-o', settings, '-l', `${dir}/log`, '-w', 'start']);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
      log(`removed the temp cluster (port ${port})`);
    },
  };
}
