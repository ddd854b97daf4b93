import cluster from 'node:cluster';
import { answerWorkersMetricsRequests, configurationSummary, createLogger, createPortalApi, stopGracefully } from '@portal/api';
import type { FastifyInstance } from 'fastify';
import { superviseWorkers, workerCount, workerExecArgv } from './lib/cluster.js';
import { ensureBuilt } from './lib/ensure-built.js';
import { precompressDir } from './lib/precompress.mjs';
import { runtimeLayout } from './lib/paths.js';
import { registerFrontEnd } from './lib/serve-front-end.js';

const DEMO_LOGINS = ['admin@demo.test', 'agent@demo.test', 'client@demo.test'];

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

/** The API and the front end on one instance, listening: the whole portal in one process. */
async function servePortal(options: { seedDemo: boolean }): Promise<FastifyInstance> {
  const app = await createPortalApi({ ...options, logger: true });
  await registerFrontEnd(app, runtimeLayout());
  await app.listen({ port, host });
  return app;
}

function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const once = (): void => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', once);
  process.once('SIGTERM', once);
}

/** What is configured and what is not (docs/operations.md#logs), once, from the process that starts the others. */
function printConfiguration(config: FastifyInstance['config'], workers: number): void {
  console.log(`\n${configurationSummary(config, { workers })}\n`);
}

function announce(started: number, processes: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSupport portal ready in ${seconds} s (${processes}): http://localhost:${port}`);
  if (process.env.NODE_ENV !== 'production') {
    console.log(`Demo logins (password portal-demo): ${DEMO_LOGINS.join(', ')}`);
  }
}

function precompressLater(built: string[]): void {
  // The shell's build is looked at even when this start did not build it: a start that stopped
  // after building and before this ran left it without its .br/.gz (files already done are skipped).
  const dirs = [...new Set([...built, runtimeLayout().shellDist])];
  // Until these finish, the same files go out compressed on the fly.
  Promise.all(dirs.map((dir) => precompressDir(dir))).then(
    (counts) => {
      if (counts.some((count) => count > 0)) console.log('Precompressed the new builds (.br/.gz).');
    },
    (error: unknown) => console.warn('Precompressing the new builds failed; serving them compressed on the fly.', error),
  );
}

/**
 * The primary: builds what is not built, migrates and seeds once (an API opened and closed again,
 * so the workers find nothing left to do), then forks the workers, which share the port.
 */
async function runPrimary(count: number): Promise<void> {
  const started = performance.now();
  const built = await ensureBuilt(runtimeLayout(), (line) => console.log(line));

  if (count === 1) {
    const app = await servePortal({ seedDemo: true });
    printConfiguration(app.config, 1);
    announce(started, `1 API process, pid ${process.pid}`);
    precompressLater(built);
    // SIGTERM drains and exits within 10 s (docs/operations.md#stopping-restarting-and-upgrading).
    stopGracefully(app);
    process.on('SIGUSR2', () => app.log.warn('a rolling restart needs WORKERS=2 or more; this is one process: stop and start it instead'));
    return;
  }

  // With the logger on: what it warns about (SMTP_URL not set) is said once here, not by every worker.
  const prepared = await createPortalApi({ seedDemo: true, runJobs: false, logger: true });
  await prepared.close();
  printConfiguration(prepared.config, count);
  const log = createLogger({ level: prepared.config.logLevel, format: prepared.config.logFormat });
  // The workers write to this process's terminal: they log the way it chose (docs/operations.md#logs).
  process.env.LOG_FORMAT = prepared.config.logFormat;

  // GET /metrics on any worker answers the whole machine's figures, summed here (docs/operations.md#metrics-and-health).
  answerWorkersMetricsRequests(cluster);
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv) });
  const supervisor = superviseWorkers(cluster, {
    count,
    log: (level, fields, message) => log[level](fields, message),
    onReady: (pids) => {
      announce(started, `${count} API processes, pids ${pids.join(', ')}; primary pid ${process.pid}: kill -USR2 it for a rolling restart`);
      precompressLater(built);
    },
    onAllStopped: () => process.exit(0),
    onStartFailure: (reason) => {
      log.error(reason);
      void supervisor.stop().finally(() => process.exit(1));
    },
  });
  stopOnSignals(() => supervisor.stop());
  // A rolling restart: `kill -USR2 <this pid>` (docs/operations.md#stopping-restarting-and-upgrading).
  process.on('SIGUSR2', () => void supervisor.restart());
}

/** A worker: the portal on the shared port; it drains on a signal, when the primary retires it, or when the primary is gone. */
async function runWorker(): Promise<void> {
  const app = await servePortal({ seedDemo: false });
  stopGracefully(app);
}

/**
 * `npm start` runs this through `sh -c`; where sh is dash (Debian, Ubuntu) it does not pass on the
 * SIGTERM npm forwards to it, and dies alone. This process then has a new parent: it takes that as
 * the SIGTERM it did not get and stops the same way (docs/operations.md#stopping-restarting-and-upgrading).
 */
function stopWhenOrphaned(): void {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) process.kill(process.pid, 'SIGTERM');
  }, 500).unref();
}

if (cluster.isPrimary) stopWhenOrphaned();
const run = cluster.isPrimary ? Promise.resolve().then(() => runPrimary(workerCount())) : runWorker();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
