import { REMOTE_NAME } from '@portal/contract/remotes';
import { RELEASE_REPORT_COUNT_MAX, RELEASE_REPORT_LINES_MAX, RELEASE_VERSION, type ReleaseReportKind } from '@portal/domain';
import { listenToReleaseNotes, servedVersions, type ReleaseNote } from '../../federation/served-versions';

// What people's browsers met per remote and version, for the canary judge (docs/deploying-a-remote.md#canary-releases):
// counted here, sent as one batch at most every 15 s and when the page goes away. No URL, no id, no text: a remote,
// a version, a kind and a count. Loaded when the browser is idle (start-release-reports.ts), never before the first paint.

/** The API's route of a batch (the contract's releaseReports; release-reporter.test.ts ties them). */
export const RELEASE_REPORTS_URL = '/api/releases/reports';
/** At most one batch this often, and the one when the page goes away. */
export const RELEASE_REPORT_EVERY_MS = 15_000;

export interface ReleaseReporterOptions {
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}

/** The remote and version whose files an error came from: the first of the page's served folders its file or stack names. */
export function versionOfError(where: string, served = servedVersions()): { remote: string; version: string } | undefined {
  let found: { remote: string; version: string; at: number } | undefined;
  for (const { remote, version, folder } of served) {
    const at = folder ? where.indexOf(folder) : -1;
    if (at !== -1 && (!found || at < found.at)) found = { remote, version, at };
  }
  return found && { remote: found.remote, version: found.version };
}

const textOf = (value: unknown): string => {
  if (value instanceof Error) return value.stack ?? '';
  return typeof value === 'object' && value !== null && typeof (value as { stack?: unknown }).stack === 'string' ? (value as { stack: string }).stack : '';
};

/** Starts counting and sending; answers a stop (for tests). */
export function startReleaseReporter({ fetch: send = globalThis.fetch.bind(globalThis), now = Date.now }: ReleaseReporterOptions = {}): () => void {
  const counts = new Map<string, ReleaseNote & { count: number }>();
  let lastSent = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    if (counts.size === 0) return;
    const reports = [...counts.values()].slice(0, RELEASE_REPORT_LINES_MAX);
    for (const line of reports) counts.delete(`${line.remote} ${line.version} ${line.kind}`);
    lastSent = now();
    send(RELEASE_REPORTS_URL, {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ reports: reports.map(({ remote, version, kind, count }) => ({ remote, version, kind, count })) }),
    }).catch(() => undefined);
    if (counts.size > 0) schedule();
  }

  function schedule(): void {
    if (timer === undefined) timer = setTimeout(flush, Math.max(0, lastSent + RELEASE_REPORT_EVERY_MS - now()));
  }

  function count({ remote, version, kind }: ReleaseNote): void {
    // A line the API would refuse would cost the whole batch.
    if (!REMOTE_NAME.test(remote) || remote.length > 40 || !RELEASE_VERSION.test(version)) return;
    const key = `${remote} ${version} ${kind}`;
    const line = counts.get(key) ?? { remote, version, kind, count: 0 };
    line.count = Math.min(RELEASE_REPORT_COUNT_MAX, line.count + 1);
    counts.set(key, line);
    schedule();
  }

  function countError(kind: ReleaseReportKind, where: string): void {
    const owner = versionOfError(where);
    if (owner) count({ ...owner, kind });
  }

  const onError = (event: ErrorEvent) => countError('error', `${event.filename ?? ''}\n${textOf(event.error)}`);
  const onRejection = (event: PromiseRejectionEvent) => countError('rejection', textOf(event.reason));
  const onPageHide = () => flush();

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', onPageHide);
  listenToReleaseNotes(count);
  return () => {
    listenToReleaseNotes(undefined);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onPageHide);
    clearTimeout(timer);
  };
}
