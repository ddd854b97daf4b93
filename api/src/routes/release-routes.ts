import remotesJson from '@portal/build-config/remotes.json' with { type: 'json' };
import type { ReleaseMinute, ReleasesOverview } from '@portal/contract';
import { releaseEndpoints as api } from '@portal/contract/endpoints';
import { remoteAppList } from '@portal/contract/remotes-schemas';
import { MESSAGES, canSeeReleases } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';
import { endpointRoute } from './endpoint-route';
import { keyedRateLimit } from './route-helpers';

// Canary releases (docs/deploying-a-remote.md#canary-releases): what browsers report of each remote's versions, and
// what the admins' releases screen reads. Reporting needs no session (a browser reports from the sign-in page too) and
// carries no person, URL or text: counts per remote, version and kind, added to the minute they arrived in.

/** Batches a person (signed in) or an address (signed out) may send a minute: a tab sends one every 15 s and one as a page is left. */
export const RELEASE_REPORTS_PER_MINUTE = 60;
/** The admins' chart covers the last hour; the log its last lines. */
const OVERVIEW_MINUTES_MS = 60 * 60_000;
const OVERVIEW_LOG_LINES = 50;

/** The one list of remotes (shared/build-config/remotes.json), as the server and the shell read it. */
const REMOTE_NAMES: readonly string[] = remoteAppList.parse(remotesJson).map((remote) => remote.name);

export async function releaseRoutes(app: FastifyInstance): Promise<void> {
  const { repos } = app;

  endpointRoute(
    app,
    api.releaseReports,
    {
      tags: ['releases'],
      summary: "A browser's batch of reports on the remotes' versions it was served (anyone; counts only)",
      description: 'docs/deploying-a-remote.md#canary-releases. Each line counts pages of a remote\'s version shown (`load`) or failed in one '
        + 'way; the counts are added to the current minute. 400 for a remote not in the remotes list. Rate limited per signed-in person, '
        + `else per address: ${RELEASE_REPORTS_PER_MINUTE} batches a minute.`,
      errors: [400, 429],
      config: { public: true },
      // Keyed by the person when signed in: the people of one office behind one address do not share a limit.
      preHandler: keyedRateLimit(app, 'release-reports', { max: RELEASE_REPORTS_PER_MINUTE, timeWindowMs: 60_000 },
        (request) => (request.viewer ? `contact:${request.viewer.contactId}` : `ip:${request.ip}`)),
    },
    async (request) => {
      const { reports } = request.body;
      if (reports.some((line) => !REMOTE_NAMES.includes(line.remote))) throw new HttpError(400, MESSAGES.invalidInput);
      await repos.releases.addReports(reports, app.config.clock());
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.releases,
    {
      tags: ['releases'],
      summary: "Each remote's live version and canary, its reports of the last hour by minute, and the deploy log (admins)",
      description: 'docs/deploying-a-remote.md#canary-releases. `live` is null when this API serves no front end or the remote was never deployed.',
      errors: [401, 403],
    },
    async (request): Promise<ReleasesOverview> => {
      authorize(request.viewer, canSeeReleases);
      const now = app.config.clock();
      const host = app.releases.host;
      const [live, canaries, minutes, log] = await Promise.all([
        host ? host.liveMap() : Promise.resolve({}),
        repos.releases.canaries(),
        repos.releases.minutes(new Date(now.getTime() - OVERVIEW_MINUTES_MS)),
        repos.releases.recentLog(OVERVIEW_LOG_LINES),
      ]);
      const liveMap: Record<string, { version: string } | undefined> = live;
      return {
        remotes: REMOTE_NAMES.map((remote) => {
          const canary = canaries.find((row) => row.remote === remote);
          return {
            remote,
            live: liveMap[remote]?.version ?? null,
            canary: canary
              ? { version: canary.version, entry: canary.entry, share: canary.share, started_at: canary.started_at, started_by: canary.started_by, auto_promote_at: canary.auto_promote_at }
              : null,
            minutes: minutes.filter((row) => row.remote === remote)
              .map(({ minute, version, loads, failures }): ReleaseMinute => ({ minute, version, loads, failures })),
          };
        }),
        log,
      };
    },
  );
}
