import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

// One machine's figures from any worker (docs/operations.md#metrics-and-health). Under `npm start` several workers share the
// port and a scrape lands on one of them; that worker asks the primary, which collects every worker's registries over
// the cluster IPC channel with prom-client's AggregatorRegistry and answers their sum (or max, for figures read from the
// database, which every worker reads alike). The messages, both ways:
//   worker -> primary: { type: 'portal:metrics-request', id }
//   primary -> worker: { type: 'portal:metrics-answer', id, text } or { type: 'portal:metrics-answer', id, error }
// prom-client's own request to each worker ('prom-client:getMetricsReq') is answered by prom-client in the worker.

export const METRICS_REQUEST = 'portal:metrics-request';
export const METRICS_ANSWER = 'portal:metrics-answer';
/** How long a worker waits for the primary's aggregate before it answers its own figures. */
export const PRIMARY_ANSWER_TIMEOUT_MS = 3000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: number;
}

interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isRequest = (message: unknown): message is MetricsRequest =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === METRICS_REQUEST
  && typeof (message as { id?: unknown }).id === 'number';

const isAnswer = (message: unknown): message is MetricsAnswer =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === METRICS_ANSWER
  && typeof (message as { id?: unknown }).id === 'number';

// prom-client answers the primary's collection only once an AggregatorRegistry exists in the worker: made as soon as
// this module loads, so a worker still starting answers (with nothing yet) rather than making the primary wait.
if (cluster.isWorker) new AggregatorRegistry();

/** In a worker: the registries the primary collects from this process (the app's and the process's own). */
export function offerToPrimary(registries: Registry[]): void {
  if (cluster.isWorker) AggregatorRegistry.setRegistries(registries);
}

/** The part of a worker's IPC channel the request uses (`process` in a worker; a fake one in tests). */
export interface PrimaryChannel {
  send?: (message: MetricsRequest) => unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

let nextId = 1;

/**
 * In a worker: the machine's metrics text from the primary, or null when there is no primary to ask, it does not
 * answer within `timeoutMs`, or it answers an error.
 */
export function askPrimaryForMetrics(channel: PrimaryChannel, timeoutMs = PRIMARY_ANSWER_TIMEOUT_MS): Promise<string | null> {
  const send = channel.send;
  if (!send) return Promise.resolve(null);
  const id = nextId++;
  return new Promise((resolve) => {
    const finish = (text: string | null) => {
      clearTimeout(timer);
      channel.off('message', onMessage);
      resolve(text);
    };
    const onMessage = (message: unknown) => {
      if (isAnswer(message) && message.id === id) finish(typeof message.text === 'string' ? message.text : null);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    timer.unref();
    channel.on('message', onMessage);
    try {
      send.call(channel, { type: METRICS_REQUEST, id });
    } catch {
      finish(null);
    }
  });
}

/** The part of a worker the primary answers (a cluster Worker; a fake one in tests). */
export type AnsweredWorker = Pick<Worker, 'isConnected' | 'send'>;

/** The part of node:cluster the primary listens on. */
export interface MetricsPrimary {
  on(event: 'message', listener: (worker: Worker, message: unknown) => void): unknown;
}

/**
 * In the primary (server/start.ts with more than one worker): answers each worker's request with the aggregate of
 * every worker's registries. `collect` is prom-client's cluster collection unless a test passes another.
 */
export function answerWorkersMetricsRequests(
  primary: MetricsPrimary,
  collect: () => Promise<string> = defaultCollector(),
): void {
  primary.on('message', (worker: AnsweredWorker, message: unknown) => {
    if (!isRequest(message)) return;
    const reply = (answer: MetricsAnswer) => {
      if (worker.isConnected()) worker.send(answer);
    };
    collect().then(
      (text) => reply({ type: METRICS_ANSWER, id: message.id, text }),
      (error: unknown) => reply({ type: METRICS_ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

function defaultCollector(): () => Promise<string> {
  const aggregator = new AggregatorRegistry();
  return () => aggregator.clusterMetrics();
}
