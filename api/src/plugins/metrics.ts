import cluster from 'node:cluster';
import fp from 'fastify-plugin';
import { LIVE_EVENTS_PATH } from '@portal/contract';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { askPrimaryForMetrics, offerToPrimary, type PrimaryChannel } from './cluster-metrics';

// GET /metrics (docs/operations.md#metrics-and-health): each app has a registry of its own (tests make many apps in one
// process), decorated as app.metrics so that the job runner and the mail-in fetcher can count. Figures held by
// something else (open streams, the outbox, the pool) are read when scraped. In a cluster worker, a scrape answers the
// whole machine's figures, aggregated by the primary (cluster-metrics.ts).

/** The route label of a request that matched no route: one label, not one per URL tried. */
export const UNMATCHED_ROUTE = 'unmatched';

export interface PortalMetrics {
  readonly registry: Registry;
  /** Request durations by route pattern (/api/tickets/:id), method and status code. */
  readonly httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Runs of each background job (digests, messages, mail, attachment-leftovers, sla, timers, statements, maintenance), and those that threw. */
  readonly jobRuns: Counter<'job'>;
  readonly jobFailures: Counter<'job'>;
  /** Outbox sends by outcome: sent, retrying (will be tried again), failed (given up). */
  readonly mailSends: Counter<'outcome'>;
  /** Messages read from the support mailbox by outcome: ticket, note, held, ignored, duplicate, failed. */
  readonly mailIn: Counter<'outcome'>;
  /** Polled reads of the answer cache (docs/architecture.md#answers-from-memory): hit, miss, not_modified (the 304s, of hits and misses). */
  readonly pollCacheAnswers: Counter<'outcome'>;
  /** Cached answers dropped, by reason: change (a published change), resync, expired, evicted (over the cap). */
  readonly pollCacheDrops: Counter<'reason'>;
  /** ETags another process of this machine shared, by outcome: kept, refused (a change since its read), held (one of this process's own). */
  readonly pollCacheShared: Counter<'outcome'>;
  /**
   * Requests by how their change number was settled (docs/decisions/0017-read-your-writes-by-change-sequence.md): current
   * (heard already), waited (heard within the wait), behind (the database answered), plus asked (no number named: the
   * counter was read).
   */
  readonly changeSeqRequests: Counter<'outcome'>;
  /** Leftover attachment bytes removed (docs/product/tickets.md#leftover-bytes), by store: files, database. */
  readonly attachmentLeftovers: Counter<'store'>;
  /** The Prometheus text: this machine's figures in a cluster worker, this process's otherwise. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/**
 * Node's own figures (CPU, memory, event loop lag, GC), once per process: they are the process's, not an app's, and
 * each collection watches GC and the event loop for good.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metricsPlugin = fp(
  async (app) => {
    const registry = new Registry();
    const registers = [registry];

    const httpDuration = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by route pattern (unmatched: no route), method and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    });
    const jobRuns = new Counter({
      name: 'portal_job_runs_total',
      help: 'Runs of each background job: digests, messages (message-centre sends), mail (the outbox), attachment-leftovers (the hourly removal of bytes no attachment names), sla (response-time warnings and breaches), timers (the 4-hour question and the 10-hour pause), statements (the monthly statements), maintenance (the scheduled maintenance tickets).',
      labelNames: ['job'] as const, registers,
    });
    const jobFailures = new Counter({
      name: 'portal_job_failures_total', help: 'Runs of each background job that failed with an error.', labelNames: ['job'] as const, registers,
    });
    const mailSends = new Counter({
      name: 'portal_mail_sends_total', help: 'Outbox mail handed to SMTP, by outcome: sent, retrying (tried again later), failed (given up).',
      labelNames: ['outcome'] as const, registers,
    });
    const mailIn = new Counter({
      name: 'portal_mail_in_messages_total',
      help: 'Messages read from the support mailbox, by outcome: ticket (created), note (added), held and ignored (rejected), duplicate, failed.',
      labelNames: ['outcome'] as const, registers,
    });
    const attachmentLeftovers = new Counter({
      name: 'portal_attachment_leftovers_removed_total',
      help: 'Attachment bytes no attachment named (left by a process stopped mid-upload, mid-deletion or mid-move), removed a day after they were written, by store: files, database.',
      labelNames: ['store'] as const, registers,
    });
    const pollCacheAnswers = new Counter({
      name: 'portal_poll_cache_answers_total',
      help: 'Polled reads by the answer cache: hit (from memory), miss (computed), not_modified (answered 304, of hits and misses).',
      labelNames: ['outcome'] as const, registers,
    });
    const pollCacheDrops = new Counter({
      name: 'portal_poll_cache_drops_total',
      help: 'Cached answers dropped, by reason: change (a published change), resync (changes may have been lost), expired, evicted (over the cap).',
      labelNames: ['reason'] as const, registers,
    });
    const pollCacheShared = new Counter({
      name: 'portal_poll_cache_shared_total',
      help: 'ETags of answers another API process of this machine keeps, by outcome: kept (as the current answer here), refused (a change heard since that read began), held (this process has its own).',
      labelNames: ['outcome'] as const, registers,
    });
    const changeSeqRequests = new Counter({
      name: 'portal_change_seq_requests_total',
      help: 'Requests by how their change number was settled: current (this process had heard it), waited (heard it within 25 ms), behind (read the database instead), asked (no number sent: the counter was read).',
      labelNames: ['outcome'] as const, registers,
    });
    for (const outcome of ['current', 'waited', 'behind', 'asked']) changeSeqRequests.inc({ outcome }, 0);
    for (const outcome of ['hit', 'miss', 'not_modified']) pollCacheAnswers.inc({ outcome }, 0);
    for (const outcome of ['kept', 'refused', 'held']) pollCacheShared.inc({ outcome }, 0);
    for (const reason of ['change', 'resync', 'expired', 'evicted']) pollCacheDrops.inc({ reason }, 0);
    for (const store of ['files', 'database']) attachmentLeftovers.inc({ store }, 0);
    for (const job of ['digests', 'messages', 'mail', 'attachment-leftovers', 'sla', 'timers', 'statements', 'maintenance', 'webhooks']) {
      jobRuns.inc({ job }, 0);
      jobFailures.inc({ job }, 0);
    }
    for (const outcome of ['sent', 'retrying', 'failed']) mailSends.inc({ outcome }, 0);
    for (const outcome of ['ticket', 'note', 'held', 'ignored', 'duplicate', 'failed']) mailIn.inc({ outcome }, 0);

    new Gauge({
      name: 'portal_live_streams_open',
      help: 'Open live-update streams (GET /api/events), one per signed-in tab.',
      registers,
      collect() {
        this.set(app.hasDecorator('events') ? app.events.openStreams : 0);
      },
    });

    // Read from the database, which every worker shares: the machine's figure is the largest worker's, not their sum.
    let backlog: ReturnType<typeof readBacklog> | undefined;
    const readBacklog = async () => {
      try {
        return await app.repos.mailOutbox.backlog();
      } catch (error) {
        app.log.warn({ err: error }, 'metrics: the outbox was not read');
        return null;
      }
    };
    /** One read per scrape for the two gauges below, whose collect() run side by side. */
    const backlogNow = () => {
      backlog ??= readBacklog().finally(() => {
        backlog = undefined;
      });
      return backlog;
    };
    new Gauge({
      name: 'portal_mail_outbox_messages',
      help: 'Mail in the outbox by status: pending (waiting to be sent or retried) and failed (given up).',
      labelNames: ['status'] as const,
      aggregator: 'max',
      registers,
      async collect() {
        const figures = app.hasDecorator('repos') ? await backlogNow() : null;
        this.reset();
        if (!figures) return;
        this.set({ status: 'pending' }, figures.pending);
        this.set({ status: 'failed' }, figures.failed);
      },
    });
    new Gauge({
      name: 'portal_mail_outbox_oldest_pending_age_seconds',
      help: 'How long the oldest pending outbox mail has waited (0: none pending).',
      aggregator: 'max',
      registers,
      async collect() {
        const figures = app.hasDecorator('repos') ? await backlogNow() : null;
        this.reset();
        if (!figures) return;
        const oldest = figures.oldestPending ? Date.parse(figures.oldestPending) : NaN;
        this.set(Number.isNaN(oldest) ? 0 : Math.max(0, (app.config.clock().getTime() - oldest) / 1000));
      },
    });

    // PostgreSQL's pool, per process (summed over the workers); SQLite has one connection and no pool: no samples.
    const pool = () => (app.hasDecorator('dbPool') ? app.dbPool : null);
    new Gauge({
      name: 'portal_db_pool',
      help: 'The PostgreSQL pool: total (open connections), idle (open, not in use), waiting (queries waiting for a connection). Absent on SQLite.',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const current = pool();
        this.reset();
        if (!current) return;
        this.set({ state: 'total' }, current.totalCount);
        this.set({ state: 'idle' }, current.idleCount);
        this.set({ state: 'waiting' }, current.waitingCount);
      },
    });

    const processRegistry = processMetrics();
    offerToPrimary([registry, processRegistry]);

    const own = async () => `${await registry.metrics()}\n${await processRegistry.metrics()}`;

    app.decorate('metrics', {
      registry, httpDuration, jobRuns, jobFailures, mailSends, mailIn, pollCacheAnswers, pollCacheDrops, pollCacheShared, changeSeqRequests, attachmentLeftovers,
      contentType: registry.contentType,
      async scrape() {
        if (!cluster.isWorker) return own();
        const machine = await askPrimaryForMetrics(process as unknown as PrimaryChannel);
        if (machine !== null) return machine;
        return `# The primary did not answer: the figures of this worker (pid ${process.pid}) only.\n${await own()}`;
      },
    } satisfies PortalMetrics);

    // Every request the app answers, the front end's too. A live stream, open for hours, is counted in the gauge instead.
    const streamRoute = `/api${LIVE_EVENTS_PATH}`;
    // Callback hooks here and in the other plugins' per-request hooks: no promise per request for work that never waits.
    app.addHook('onResponse', (request, reply, done) => {
      if (request.routeOptions.url !== streamRoute) {
        httpDuration.observe(
          { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
          reply.elapsedTime / 1000,
        );
      }
      done();
    });
  },
  { name: 'portal-metrics', dependencies: ['portal-config'] },
);
