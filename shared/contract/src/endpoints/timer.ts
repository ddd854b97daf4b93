import type { EndpointTable } from './endpoint';

/** A staff member's timer (docs/product/time-and-billing.md#timers): one each, kept by the server, stopped into a time entry. */
export const timerEndpoints = {
  timer: { method: 'GET', path: '/timer', answer: 'timerAnswer' },
  startTimer: { method: 'POST', path: '/timer', body: 'timerStart', answer: 'timerAnswer' },
  pauseTimer: { method: 'POST', path: '/timer/pause', answer: 'timerAnswer' },
  resumeTimer: { method: 'POST', path: '/timer/resume', answer: 'timerAnswer' },
  stopTimer: { method: 'POST', path: '/timer/stop', body: 'timerStop', answer: 'timeEntryCreated', status: 201 },
  discardTimer: { method: 'DELETE', path: '/timer', answer: 'timerAnswer' },
} as const satisfies EndpointTable;
