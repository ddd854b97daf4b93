import { listenToReleaseNotes, noteRelease } from '../../federation/served-versions';
import { RELEASE_REPORTS_URL } from './release-reporter';
import { startReleaseReportsWhenIdle } from './start-release-reports';

jest.mock('./release-reporter', () => ({ ...jest.requireActual('./release-reporter'), startReleaseReporter: jest.fn() }));

describe('starting the release reporter', () => {
  it('sends what the page noted when it goes away before the reporter arrived, and nothing when nothing waits', () => {
    const send = jest.fn(async () => new Response(null, { status: 202 }));
    globalThis.fetch = send as unknown as typeof fetch;
    jest.useFakeTimers();
    startReleaseReportsWhenIdle();
    noteRelease('tickets', 'v2', 'load');
    noteRelease('tickets', 'v2', 'load');
    noteRelease('tickets', 'v2', 'chunk');

    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith(RELEASE_REPORTS_URL, expect.objectContaining({ method: 'POST', keepalive: true }));
    expect(JSON.parse(String((send.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      reports: [{ remote: 'tickets', version: 'v2', kind: 'load', count: 2 }, { remote: 'tickets', version: 'v2', kind: 'chunk', count: 1 }],
    });

    // The reporter listens: it sends from then on, this sends nothing more.
    listenToReleaseNotes(() => undefined);
    noteRelease('tickets', 'v2', 'load');
    window.dispatchEvent(new Event('pagehide'));
    expect(send).toHaveBeenCalledTimes(1);
    listenToReleaseNotes(undefined);
    jest.useRealTimers();
  });
});
