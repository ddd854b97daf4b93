import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { CANARY_RULES, TIMER_CHECK_MS } from '@portal/domain';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { LEFTOVER_CHECK_MS, removeLeftoverAttachmentBytes, type LeftoverSummary } from '../services/attachment-leftovers';
import { canaryTeller, judgeCanaries, type CanaryJudgeSummary } from '../services/canary-judge';
import { runDigests, type DigestRunSummary } from '../services/digests';
import { sendAllDue, type OutboxSender, type SendSummary } from '../services/mail-sender';
import { runMaintenanceSchedules, type MaintenanceRunSummary } from '../services/maintenance-schedule';
import { sendAllDueMessages, type MessageSendSummary } from '../services/message-sender';
import { watchResponseTimes, type SlaWatchSummary } from '../services/response-time-warnings';
import { serviceContext } from '../services/service-context';
import { runStatements, type StatementRunSummary } from '../services/statements';
import { checkTimers, type TimerCheckSummary } from '../services/timers';
import { createWebhookPump, removeOldWebhookEvents, sendDueWebhooks, type WebhookSendSummary } from '../services/webhook-delivery';

// The job runner (docs/architecture.md#jobs-and-mail), in the API process: it sends the outbox (every
// JOB_POLL_MS, and at once when this process queues a mail) and runs the notification digests (every
// DIGEST_CHECK_MS; a digest goes out within that long after its period starts), and works the message
// centre's sends (each recipient queued in the outbox; at once when this process queues a send). Rows and
// periods are claimed in the database, so any number of processes may run it side by side. Every hour, from its
// first pass, it removes attachment bytes no attachment names (services/attachment-leftovers.ts): removing what
// another process removed first is no error. Every SLA_CHECK_MS it checks open tickets' response-time promises
// (services/response-time-warnings.ts): a warning or breach is recorded once by a unique key, whichever process sees it first.
// Every MAINTENANCE_CHECK_MS, the first a check after it starts, it opens the maintenance tickets due
// (services/maintenance-schedule.ts): a company's period is opened once by a unique key, written with the ticket.
// Every STATEMENT_CHECK_MS, the first a check after it starts, it sends the monthly statements of the month just ended (services/statements.ts): a company's
// month is claimed by the insert of its row, so it is mailed once whichever process gets there first.
// Every pass it fans the recorded webhook events out (an insert if absent) and fills its webhook pump (services/webhook-delivery.ts),
// beside the queue above: leased deliveries, 16 requests in flight, each ending one starting the next due; so processes side by
// side deliver each once. Hourly it removes webhook events 30 days old.
// Every CANARY_CHECK_MS it judges the canary releases (services/canary-judge.ts) when the server handed over its release
// host: a canary is rolled back or promoted by the process whose delete of its row wins, so once.

const DIGEST_CHECK_MS = 30_000;
/** How often the monthly statements are checked: the month's go out within a minute of the 1st (docs/product/statements.md). */
const STATEMENT_CHECK_MS = 60_000;
/** How often the maintenance schedules are checked: a period's ticket opens within a minute of its start (docs/product/maintenance.md). */
const MAINTENANCE_CHECK_MS = 60_000;
/** Webhook requests one runner has in flight at once (docs/decisions/0021-webhooks-from-an-event-outbox.md). */
const WEBHOOK_REQUESTS_IN_FLIGHT = 16;
/** After an in-process `add`: long enough for the transaction that queued it to commit. */
const WAKE_DELAY_MS = 25;

export interface JobRunSummary extends SendSummary {
  digests: DigestRunSummary;
  messages: MessageSendSummary;
}

export interface JobRunner {
  /** Identifies this runner in `lease_owner`. */
  readonly owner: string;
  /** The digests due now, then every mail due now; what the background loop does, run by hand. */
  runOnce(): Promise<JobRunSummary>;
  /** Every mail due now (retries scheduled later stay for later). */
  drain(): Promise<SendSummary>;
  /** The digests due at `now` (the runner's clock by default). */
  runDigests(now?: Date): Promise<DigestRunSummary>;
  /** Every message-centre recipient due now, queued in the outbox (not sent yet). */
  runMessages(): Promise<MessageSendSummary>;
  /** Warns of response-time promises at risk and records breaches (docs/product/response-times.md#warnings-and-breaches). */
  runSla(): Promise<SlaWatchSummary>;
  /** Sends the statements of the month just ended not yet sent nor held (docs/product/statements.md), at `now` (the runner's clock by default). */
  runStatements(now?: Date): Promise<StatementRunSummary>;
  /** Opens the current period's maintenance ticket of every active schedule that has not run (docs/product/maintenance.md), at `now` (the runner's clock by default). */
  runMaintenance(now?: Date): Promise<MaintenanceRunSummary>;
  /** Asks about timers running 4 hours and pauses those at 10 (docs/product/time-and-billing.md#timers), at `now` (the runner's clock by default). */
  runTimers(now?: Date): Promise<TimerCheckSummary>;
  /** Judges every canary release at `now` (the runner's clock by default; docs/deploying-a-remote.md#canary-releases). */
  runCanaries(now?: Date): Promise<CanaryJudgeSummary>;
  /** Removes the attachment bytes that no attachment names and that are a day old. */
  removeLeftovers(): Promise<LeftoverSummary>;
  /** Fans recorded webhook events out and sends every delivery due now (docs/product/integrations.md#webhooks). */
  runWebhooks(): Promise<WebhookSendSummary>;
  start(): void;
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

const NO_MAIL: SendSummary = { sent: 0, retrying: 0, failed: 0 };

export function createJobRunner(app: FastifyInstance, owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`): JobRunner {
  const { config, repos, db, log, mailTransport } = app;
  const clock = config.clock;
  // Set by stop(): a pass under way ends after the item in hand, and claims nothing more.
  let stopped = false;
  const shouldStop = () => stopped;
  const sender: OutboxSender | null = mailTransport && {
    owner, outbox: repos.mailOutbox, transport: mailTransport, from: config.mailFrom, messageIdHost: new URL(config.publicUrl).hostname, clock, log,
    shouldStop,
  };
  // One job at a time in this runner: every entry point queues behind the one running.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const run = queue.then(job, job);
    queue = run.catch(() => undefined);
    return run;
  };
  // Runs and failures by job for GET /metrics (docs/operations.md#metrics-and-health).
  const counted = <T>(job: string, run: () => Promise<T>) => async (): Promise<T> => {
    app.metrics.jobRuns.inc({ job });
    try {
      return await run();
    } catch (error) {
      app.metrics.jobFailures.inc({ job });
      throw error;
    }
  };
  const sendMail = counted('mail', async () => {
    const summary = sender ? await sendAllDue(sender) : { ...NO_MAIL };
    for (const outcome of ['sent', 'retrying', 'failed'] as const) app.metrics.mailSends.inc({ outcome }, summary[outcome]);
    return summary;
  });
  const drain = () => serial(sendMail);
  const digests = (now = clock()) => serial(counted('digests', () => runDigests({ db, repos, config, log }, now)));
  const messages = () => serial(counted('messages', () => sendAllDueMessages({ db, repos, config, clock, log }, owner, shouldStop)));
  const sla = () => serial(counted('sla', () => watchResponseTimes(serviceContext(app), (...changes) => app.events.publish(...changes))));
  const statements = (now = clock()) => serial(counted('statements', () => runStatements(serviceContext(app), now)));
  const maintenance = (now = clock()) => serial(counted('maintenance', () => runMaintenanceSchedules(serviceContext(app), now, (...changes) => app.events.publish(...changes))));
  const canaries = (now?: Date) => serial(counted('canaries', () => judgeCanaries({
    releases: repos.releases, host: app.releases.host, clock: now ? () => now : clock, rules: { ...CANARY_RULES, minLoads: config.canaryMinLoads },
    tell: canaryTeller(serviceContext(app), (...changes) => app.events.publish(...changes)),
  })));
  const timers = (now?: Date) => serial(counted('timers', () => checkTimers(serviceContext(app), (...changes) => app.events.publish(...changes), now)));
  // Webhooks by hand (tests, the job route): every due delivery, waited for.
  const webhooks = () => serial(counted('webhooks', () => sendDueWebhooks(serviceContext(app), { owner, shouldStop })));
  // The background loop's webhooks, beside the serial queue: a receiver that does not answer holds one of the pump's
  // slots for its 10 s limit, never mail, digests or the other endpoints.
  const webhookPump = createWebhookPump(serviceContext(app), { owner, shouldStop, maxInFlight: WEBHOOK_REQUESTS_IN_FLIGHT });
  const stopLeftovers = new AbortController();
  const leftovers = () => serial(counted('attachment-leftovers', async () => {
    const removed = await removeLeftoverAttachmentBytes({ repos, config }, stopLeftovers.signal);
    app.metrics.attachmentLeftovers.inc({ store: 'files' }, removed.files);
    app.metrics.attachmentLeftovers.inc({ store: 'database' }, removed.chunked);
    return removed;
  }));

  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let running = false;
  let lastDigestCheck = 0;
  let lastLeftoverCheck = 0;
  let lastSlaCheck = 0;
  let lastStatementCheck = 0;
  let lastMaintenanceCheck = 0;
  let lastTimerCheck = 0;
  let lastCanaryCheck = 0;
  let unsubscribe: (() => void) | undefined;
  /** A pass failed (the database went away mid-pass, say): rows it claimed may still be leased to this runner. */
  let leasesLeft = false;
  const releaseLeases = async () => (await repos.mailOutbox.releaseLeases(owner)) + (await repos.messages.releaseLeases(owner));

  const tick = async () => {
    timer = undefined;
    try {
      if (leasesLeft) {
        // Between passes this runner works nothing, so what it still leases was left by the failed pass: due again
        // now rather than when the 5-minute lease runs out (docs/architecture.md#a-database-outage).
        const released = await serial(releaseLeases);
        leasesLeft = false;
        if (released > 0) log.info({ released }, 'job runner: leases of the failed pass handed back');
      }
      const now = clock().getTime();
      if (now - lastDigestCheck >= DIGEST_CHECK_MS) {
        lastDigestCheck = now;
        const done = await digests();
        if (done.sent > 0) log.info({ digests: done }, 'notification digests queued');
      }
      if (now - lastLeftoverCheck >= LEFTOVER_CHECK_MS) {
        lastLeftoverCheck = now;
        // Its failure (an unreadable uploads folder) is logged and counted; the mail below still goes.
        await leftovers().then(
          (removed) => removed.files + removed.chunked > 0 && log.info({ removed }, 'leftover attachment bytes removed'),
          (error: unknown) => log.error({ err: error }, 'leftover attachment bytes not removed'),
        );
        const oldEvents = await serial(() => removeOldWebhookEvents(serviceContext(app)));
        if (oldEvents > 0) log.info({ removed: oldEvents }, 'webhook events older than 30 days removed');
      }
      if (now - lastSlaCheck >= config.slaCheckMs) {
        lastSlaCheck = now;
        const watched = await sla();
        if (watched.warned + watched.breached > 0) log.info({ sla: watched }, 'response-time warnings and breaches recorded');
      }
      if (now - lastStatementCheck >= STATEMENT_CHECK_MS) {
        lastStatementCheck = now;
        const statementsSent = await statements();
        if (statementsSent.sent > 0) log.info({ statements: statementsSent }, 'monthly statements queued');
      }
      if (now - lastTimerCheck >= TIMER_CHECK_MS) {
        lastTimerCheck = now;
        const checked = await timers();
        if (checked.asked + checked.paused > 0) log.info({ timers: checked }, 'timers asked about or paused');
      }
      if (now - lastCanaryCheck >= config.canaryCheckMs) {
        lastCanaryCheck = now;
        const judged = await canaries();
        if (judged.rolledBack + judged.promoted > 0) log.info({ canaries: judged }, 'canary releases rolled back or promoted');
      }
      if (now - lastMaintenanceCheck >= MAINTENANCE_CHECK_MS) {
        lastMaintenanceCheck = now;
        const opened = await maintenance();
        if (opened.opened > 0) log.info({ maintenance: opened }, 'maintenance tickets opened');
      }
      // Counted as the other jobs; its failure (the database gone) fails the pass like theirs.
      await counted('webhooks', () => webhookPump.kick(true))();
      const sends = await messages();
      if (sends.sent + sends.failed > 0) log.info({ messages: sends }, 'message centre sends queued');
      const mail = await drain();
      // Each mail is logged as it goes (services/mail-sender.ts); a pass that did nothing says nothing.
      if (mail.sent + mail.retrying + mail.failed > 1) log.info({ mail }, 'outbox pass done');
    } catch (error) {
      leasesLeft = true;
      // A database outage fails every pass until it ends, and the next tick tries again: a warning, not an error each second.
      if (isDatabaseUnavailable(error)) log.warn({ err: error }, 'job runner pass failed: the database is unavailable; retrying');
      else log.error({ err: error }, 'job runner pass failed');
    }
    schedule(config.jobPollMs);
  };
  const schedule = (ms: number) => {
    if (!running) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      current = tick();
    }, ms);
    timer.unref();
  };

  return {
    owner,
    async runOnce() {
      const digestSummary = await digests();
      const messageSummary = await messages();
      return { ...(await drain()), digests: digestSummary, messages: messageSummary };
    },
    drain,
    runDigests: digests,
    runMessages: messages,
    runSla: sla,
    runStatements: statements,
    runMaintenance: maintenance,
    runTimers: timers,
    runCanaries: canaries,
    removeLeftovers: leftovers,
    runWebhooks: webhooks,
    start() {
      if (running) return;
      running = true;
      // The first maintenance and statement passes a check's interval after the start, not while the process is starting up.
      lastMaintenanceCheck = clock().getTime();
      lastStatementCheck = lastMaintenanceCheck;
      unsubscribe = repos.workQueued.subscribe(() => schedule(WAKE_DELAY_MS));
      log.info({ owner, poll_ms: config.jobPollMs, smtp: !!mailTransport }, 'job runner started');
      schedule(0);
    },
    async stop() {
      running = false;
      stopped = true;
      stopLeftovers.abort();
      unsubscribe?.();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await current;
      await queue;
      await webhookPump.stop();
      // Rows claimed and not worked go back at once (docs/operations.md#stopping-restarting-and-upgrading), not when the lease
      // runs out; with the database unavailable they do run out, and the stop goes on.
      try {
        const released = (await releaseLeases()) + (await repos.webhooks.releaseLeases(owner));
        if (released > 0) log.info({ released }, 'job runner stopped: leases handed back');
      } catch (error) {
        log.warn({ err: error }, 'job runner stopped: leases not handed back; they run out by themselves');
      }
    },
  };
}

/** app.jobs: started unless `runJobs: false` (tests drive it by hand); stopped before the database closes. */
export const jobsPlugin = fp(
  async (app) => {
    const runner = createJobRunner(app);
    app.decorate('jobs', runner);
    app.addHook('onReady', async () => {
      if (app.config.runJobs) runner.start();
    });
    // Stopping starts before the server closes (nothing new is claimed) and is awaited after the requests
    // in flight finished (onClose hooks run last-registered first: this one before the database's).
    let stopping: Promise<void> | undefined;
    app.addHook('preClose', async () => {
      stopping = runner.stop();
      stopping.catch(() => undefined);
    });
    app.addHook('onClose', async () => {
      await stopping;
    });
  },
  { name: 'portal-jobs', dependencies: ['portal-db', 'portal-mail', 'portal-metrics', 'portal-releases'] },
);
