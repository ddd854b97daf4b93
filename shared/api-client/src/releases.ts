import useSWR from 'swr';
import type { ReleasesOverview } from '@portal/contract';
import { pathOf, releaseEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

/** Each remote's live version, canary, counts a minute and the deploy log (admins; docs/deploying-a-remote.md#canary-releases). */
export const releasesKey = pathOf(api.releases);

/** How often the releases screen reads again while it is open: a canary's counts move by the minute. */
export const RELEASES_POLL_MS = 15_000;

export interface ReleasesApi {
  overview(): Promise<ReleasesOverview>;
}

export function createReleasesApi(http: Http): ReleasesApi {
  return { overview: () => http(api.releases) };
}

/** The releases screen's read, again every RELEASES_POLL_MS while it is open; nothing read when `read` is false (not an admin). */
export function useReleases(read = true) {
  const client = useApiClient();
  return useSWR(read ? releasesKey : null, () => client.releases.overview(), { refreshInterval: RELEASES_POLL_MS });
}
