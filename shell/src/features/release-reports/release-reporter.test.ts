import { releaseEndpoints } from '@portal/contract/endpoints';
import { RELEASE_REPORT_COUNT_MAX, RELEASE_REPORT_LINES_MAX } from '@portal/domain';
import { RELEASE_REPORT_EVERY_MS, RELEASE_REPORTS_URL, startReleaseReporter } from './release-reporter';
import { noteRelease, serveVersions } from '../../federation/served-versions';

const TICKETS_V2 = { entry: '/remotes/tickets/v2/mf-manifest.json', version: 'v2' };
const AUTH_V1 = { entry: '/remotes/auth/v1/mf-manifest.json', version: 'v1' };

function errorEvent(filename: string, stack: string): ErrorEvent {
  const error = new Error('Cannot read properties of undefined (reading "name") of ticket 42 for ann@example.com');
  error.stack = stack;
  return new ErrorEvent('error', { filename, error, message: error.message });
}

function rejectionEvent(stack: string): Event {
  const reason = new TypeError('the ticket /clients/4/tickets/42 failed');
  reason.stack = stack;
  const event = new Event('unhandledrejection');
  Object.assign(event, { reason, promise: Promise.resolve() });
  return event;
}

describe('the release reporter', () => {
  let clock = 0;
  let stop: () => void = () => undefined;
  const send = jest.fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(null, { status: 202 }));
  const sentBodies = () => send.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as { reports: unknown[] });

  beforeEach(() => {
    jest.useFakeTimers();
    clock = 1_000_000;
    send.mockClear();
    serveVersions({ tickets: TICKETS_V2, auth: AUTH_V1 });
    stop = startReleaseReporter({ fetch: send, now: () => clock });
  });
  afterEach(() => {
    stop();
    jest.useRealTimers();
  });

  const wait = (ms: number) => {
    clock += ms;
    jest.advanceTimersByTime(ms);
  };

  it('posts to the contract route of a batch', () => {
    expect(RELEASE_REPORTS_URL).toBe(`/api${releaseEndpoints.releaseReports.path}`);
  });

  it("counts an error from a remote's file for that remote and version, and not the shell's own", () => {
    window.dispatchEvent(errorEvent('http://localhost/remotes/tickets/v2/src_ticket.1a2b3c4d.js', 'TypeError\n    at render (http://localhost/remotes/tickets/v2/src_ticket.1a2b3c4d.js:1:200)'));
    window.dispatchEvent(errorEvent('http://localhost/main.5e6f7a8b.js', 'TypeError\n    at start (http://localhost/main.5e6f7a8b.js:1:10)'));
    window.dispatchEvent(errorEvent('', 'Error\n    at x (http://localhost/remotes/tickets/v2/abc.js:3:4)\n    at y (http://localhost/main.js:1:1)'));
    wait(RELEASE_REPORT_EVERY_MS);

    expect(send).toHaveBeenCalledTimes(1);
    expect(sentBodies()[0]).toEqual({ reports: [{ remote: 'tickets', version: 'v2', kind: 'error', count: 2 }] });
  });

  it('counts an unhandled rejection whose stack is inside a remote', () => {
    window.dispatchEvent(rejectionEvent('TypeError\n    at load (http://localhost/remotes/auth/v1/sign-in.js:2:9)'));
    window.dispatchEvent(rejectionEvent('TypeError\n    at shell (http://localhost/bootstrap.js:2:9)'));
    wait(RELEASE_REPORT_EVERY_MS);
    expect(sentBodies()).toEqual([{ reports: [{ remote: 'auth', version: 'v1', kind: 'rejection', count: 1 }] }]);
  });

  it('sends one batch shaped as the contract says, with keepalive and no URL, id or text of the page', () => {
    noteRelease('tickets', 'v2', 'load');
    noteRelease('tickets', 'v2', 'load');
    noteRelease('tickets', 'v2', 'no-heading');
    window.dispatchEvent(errorEvent('http://localhost/remotes/tickets/v2/a.js', 'at (http://localhost/remotes/tickets/v2/a.js:1:1)'));
    wait(RELEASE_REPORT_EVERY_MS);

    expect(send).toHaveBeenCalledTimes(1);
    const [url, init] = send.mock.calls[0]!;
    expect(url).toBe('/api/releases/reports');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin', headers: { 'content-type': 'application/json', accept: 'application/json' } });
    const text = String(init?.body);
    expect(JSON.parse(text)).toEqual({
      reports: [
        { remote: 'tickets', version: 'v2', kind: 'load', count: 2 },
        { remote: 'tickets', version: 'v2', kind: 'no-heading', count: 1 },
        { remote: 'tickets', version: 'v2', kind: 'error', count: 1 },
      ],
    });
    expect(text).not.toMatch(/http|\/clients|42|example\.com|Cannot read|failed/);
  });

  it('sends at most one batch every 15 s, and what is left on pagehide', () => {
    noteRelease('tickets', 'v2', 'load');
    wait(RELEASE_REPORT_EVERY_MS);
    noteRelease('tickets', 'v2', 'load');
    wait(RELEASE_REPORT_EVERY_MS - 1);
    expect(send).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(2);
    wait(RELEASE_REPORT_EVERY_MS);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('keeps a batch to 60 lines and a count to 1000', () => {
    for (let n = 0; n < RELEASE_REPORT_COUNT_MAX + 5; n += 1) noteRelease('tickets', 'v2', 'load');
    for (let n = 0; n < RELEASE_REPORT_LINES_MAX + 3; n += 1) noteRelease('tickets', `v${n + 100}`, 'error');
    window.dispatchEvent(new Event('pagehide'));
    const [first] = sentBodies() as { reports: { count: number }[] }[];
    expect(first!.reports).toHaveLength(RELEASE_REPORT_LINES_MAX);
    expect(first!.reports[0]).toEqual({ remote: 'tickets', version: 'v2', kind: 'load', count: RELEASE_REPORT_COUNT_MAX });
    wait(RELEASE_REPORT_EVERY_MS);
    expect(sentBodies()[1]!.reports).toHaveLength(4);
  });

  it('leaves out a line the API would refuse (a version it cannot name)', () => {
    noteRelease('tickets', 'not a version/..', 'load');
    noteRelease('tickets', 'v2', 'load');
    window.dispatchEvent(new Event('pagehide'));
    expect(sentBodies()).toEqual([{ reports: [{ remote: 'tickets', version: 'v2', kind: 'load', count: 1 }] }]);
  });

  it('sends nothing when nothing happened', () => {
    wait(RELEASE_REPORT_EVERY_MS * 3);
    window.dispatchEvent(new Event('pagehide'));
    expect(send).not.toHaveBeenCalled();
  });
});
