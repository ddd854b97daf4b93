import { takeWaitingNotes } from '../../federation/served-versions';

// Starts the release reporter (release-reporter.ts) once the browser is idle after the first paint: its code is a
// chunk of its own, so a page's first screen carries none of it (docs/performance.md). A page left before then still
// sends what it noted (its loads, a failed chunk): a visit too short for the reporter is the one a broken canary makes.

/** The API's route of a batch (release-reporter.ts RELEASE_REPORTS_URL; release-reporter.test.ts ties them). */
const REPORTS_URL = '/api/releases/reports';

function sendWaiting(): void {
  const lines = new Map<string, { remote: string; version: string; kind: string; count: number }>();
  for (const { remote, version, kind } of takeWaitingNotes()) {
    const key = `${remote} ${version} ${kind}`;
    const line = lines.get(key) ?? { remote, version, kind, count: 0 };
    line.count += 1;
    lines.set(key, line);
  }
  if (lines.size === 0) return;
  fetch(REPORTS_URL, {
    method: 'POST', keepalive: true, credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ reports: [...lines.values()].slice(0, 60) }),
  }).catch(() => undefined);
}

/** Loads and starts the reporter when idle; a failed load reports nothing and breaks nothing. */
export function startReleaseReportsWhenIdle(): void {
  // Once the reporter listens nothing waits, and this sends nothing.
  window.addEventListener('pagehide', sendWaiting);
  const start = () => {
    import('./release-reporter').then(({ startReleaseReporter }) => startReleaseReporter(), () => undefined);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}
