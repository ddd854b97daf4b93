import type { EndpointTable } from './endpoint';

/**
 * Canary releases (docs/deploying-a-remote.md#canary-releases): browsers report what they met per remote and version
 * (anyone, rate limited: no person, URL or text in it); the admins read each remote's live version, canary, counts by
 * minute and the deploy log.
 */
export const releaseEndpoints = {
  releaseReports: { method: 'POST', path: '/releases/reports', body: 'releaseReportBatch', answer: 'okAnswer', status: 202 },
  releases: { method: 'GET', path: '/admin/releases', answer: 'releasesOverview' },
} as const satisfies EndpointTable;
