import { useEffect, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { RunningTimer, TimeEntryCreated, TimerAnswer, TimerStart } from '@portal/contract';
import { pathOf, timerEndpoints as api } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';
import { ticketKey } from './tickets';
import { ticketTimeKey } from './time';

/** The caller's timer (docs/product/time-and-billing.md#timers); its own tabs are told when it changes (a live `timer` change). */
export const timerKey = pathOf(api.timer);
/** Without the live stream the header re-reads the timer this often: a change on another device shows within it. */
export const TIMER_POLL_MS = 15_000;

export interface TimerApi {
  get(): Promise<TimerAnswer>;
  start(body: TimerStart): Promise<TimerAnswer>;
  pause(): Promise<TimerAnswer>;
  resume(): Promise<TimerAnswer>;
  stop(description: string): Promise<TimeEntryCreated>;
  discard(): Promise<TimerAnswer>;
}

export function createTimerApi(http: Http): TimerApi {
  return {
    get: () => http(api.timer),
    start: (body) => http(api.startTimer, { body }),
    pause: () => http(api.pauseTimer),
    resume: () => http(api.resumeTimer),
    stop: (description) => http(api.stopTimer, { body: { description } }),
    discard: () => http(api.discardTimer),
  };
}

/** The caller's timer, or null; `enabled` false (not staff) reads nothing. Load failures keep the last answer. */
export function useTimer(enabled = true) {
  const client = useApiClient();
  const live = useLiveStatus();
  const { data, mutate } = useSWR(enabled ? timerKey : null, () => client.timer.get(), {
    refreshInterval: pollInterval(TIMER_POLL_MS, live),
    shouldRetryOnError: false,
    onError: () => undefined,
  });
  return { timer: data?.timer ?? null, loaded: data !== undefined, mutate };
}

/**
 * Starting, pausing, resuming, stopping and discarding: each re-reads the timer, also when it fails (another tab may
 * have changed it); what logs time re-reads that ticket's time and total too. Other tabs follow through the live change.
 */
export function useTimerMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  async function after<T>(work: Promise<T>, ticketIds: readonly (number | null | undefined)[] = []): Promise<T> {
    try {
      return await work;
    } finally {
      const tickets = ticketIds.filter((id): id is number => typeof id === 'number');
      await Promise.all([mutate(timerKey), ...tickets.flatMap((id) => [mutate(ticketTimeKey(id)), mutate(ticketKey(id))])]);
    }
  }
  return {
    /** Starts on `ticketId`; `replacing`: the ticket of the timer it stops (its time is logged with `description`). */
    start: (ticketId: number, replace?: { ticketId: number; description: string }) =>
      after(client.timer.start({ ticket_id: ticketId, ...(replace ? { replace: true, description: replace.description } : {}) }), [replace?.ticketId]),
    pause: () => after(client.timer.pause()),
    resume: () => after(client.timer.resume()),
    stop: (ticketId: number, description: string) => after(client.timer.stop(description), [ticketId]),
    discard: () => after(client.timer.discard()),
  };
}

/**
 * The seconds `timer` has run, ticking every second while it runs: the server's count when the answer came, plus
 * the time since on this device's clock (not the device's idea of when it started: reloads and devices agree).
 */
export function useTimerElapsed(timer: RunningTimer | null): number {
  // When this answer came: a new answer (SWR gives a new object) starts the count again from the server's.
  const [received, setReceived] = useState(() => ({ timer, at: Date.now() }));
  if (received.timer !== timer) setReceived({ timer, at: Date.now() });
  const receivedAt = received.at;
  const [now, setNow] = useState(receivedAt);
  const running = timer !== null && !timer.paused;
  useEffect(() => {
    setNow(Date.now());
    if (!running) return undefined;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [running, receivedAt]);
  if (!timer) return 0;
  return running ? timer.elapsed_seconds + Math.max(0, Math.floor((now - receivedAt) / 1000)) : timer.elapsed_seconds;
}
