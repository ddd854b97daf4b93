import cluster from 'node:cluster';
import { createPortalApi } from '@portal/api';
import type { FastifyInstance } from 'fastify';
import { superviseWorkers, workerCount } from './lib/cluster.js';
import { ensureBuilt } from './lib/ensure-built.js';
import { precompressDir } from './lib/precompress.mjs';
import { runtimeLayout } from './lib/paths.js';
import { registerFrontEnd } from './lib/serve-front-end.js';

const DEMO_LOGINS = ['admin@demo.test', 'agent@demo.test', 'client@demo.test'];
/** A worker's graceful close (open streams, the job runner) gets this long before it exits anyway. */
const CLOSE_TIMEOUT_MS = 8_000;

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';

/** The API and the front end on one instance, listening: the whole portal in one process. */
async function servePortal(options: { seedDemo: boolean }): Promise<FastifyInstance> {
  const app = await createPortalApi(options);
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

function closeWithin(app: FastifyInstance, ms: number): Promise<void> {
  return Promise.race([app.close(), new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
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
    announce(started, `1 API process, pid ${process.pid}`);
    precompressLater(built);
    stopOnSignals(() => app.close());
    return;
  }

  const prepared = await createPortalApi({ seedDemo: true, runJobs: false });
  await prepared.close();

  const supervisor = superviseWorkers(cluster, {
    count,
    log: (line) => console.log(line),
    onReady: (pids) => {
      announce(started, `${count} API processes, pids ${pids.join(', ')}`);
      precompressLater(built);
    },
    onAllStopped: () => process.exit(0),
    onStartFailure: (reason) => {
      console.error(reason);
      void supervisor.stop().finally(() => process.exit(1));
    },
  });
  stopOnSignals(() => supervisor.stop());
}

/** A worker: the portal on the shared port; it closes on a signal, or when the primary is gone. */
async function runWorker(): Promise<void> {
  const app = await servePortal({ seedDemo: false });
  const stop = () => closeWithin(app, CLOSE_TIMEOUT_MS);
  stopOnSignals(stop);
  process.once('disconnect', () => {
    void stop().finally(() => process.exit(0));
  });
}

const run = cluster.isPrimary ? Promise.resolve().then(() => runPrimary(workerCount())) : runWorker();
run.catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
