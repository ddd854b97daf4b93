import { postgresServerBin, startPrivatePostgres } from '@portal/api/test-support/private-postgres';

// The benchmarks' PostgreSQL: BENCH_DATABASE_URL as it is, or a private server (the API's test kit) in a temp
// folder on the first free loopback port from `portFrom`, tuned for loading millions of rows (durability off, a
// larger cache, autovacuum off); the planner settings stay the defaults.

export interface BenchDatabase {
  url: string;
  /** Stops the private server and removes its folder; nothing for BENCH_DATABASE_URL. */
  stop(): Promise<void>;
}

const BULK_LOAD_SETTINGS = [
  '-c shared_buffers=1GB', '-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c wal_level=minimal',
  '-c max_wal_senders=0', '-c max_wal_size=8GB', '-c autovacuum=off',
];

export async function benchPostgres({ name, portFrom, log }: { name: string; portFrom: number; log(line: string): void }): Promise<BenchDatabase> {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: async () => undefined };
  const bin = postgresServerBin();
  if (!bin) throw new Error('no PostgreSQL server here (apt-get install postgresql), or pass BENCH_DATABASE_URL');
  const server = await startPrivatePostgres(bin, { name, portFrom, settings: BULK_LOAD_SETTINGS });
  let stopped = false;
  return {
    url: server.url,
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.remove();
      log(`removed the temp cluster (${new URL(server.url).port})`);
    },
  };
}
