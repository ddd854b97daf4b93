import type { EndpointTable } from './endpoint';

/** For load balancers (docs/operations.md#metrics-and-health): public, polled every few seconds. */
export const systemEndpoints = {
  health: { method: 'GET', path: '/health', answer: 'healthAnswer' },
  ready: { method: 'GET', path: '/ready', answer: 'readyAnswer' },
} as const satisfies EndpointTable;

/** The job runner by hand, for the browser journeys (admins; registered only outside production). */
export const jobEndpoints = {
  runDigests: { method: 'POST', path: '/jobs/digests/run', body: 'jobRunRequest', answer: 'jobRunAnswer' },
  runStatements: { method: 'POST', path: '/jobs/statements/run', body: 'jobRunRequest', answer: 'statementRunAnswer' },
} as const satisfies EndpointTable;
