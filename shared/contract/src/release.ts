import { z } from 'zod';
import {
  CANARY_SHARE_MAX, CANARY_SHARE_MIN, RELEASE_ACTIONS, RELEASE_REPORT_COUNT_MAX, RELEASE_REPORT_KINDS, RELEASE_REPORT_LINES_MAX, RELEASE_VERSION,
} from '@portal/domain';
import { isoDate } from './common';
import { REMOTE_NAME } from './remotes';

// Canary releases (docs/deploying-a-remote.md#canary-releases): what browsers report of the remotes' versions, and
// what the admins' releases screen reads.

/** One line of a batch: how many times a page of `remote` at `version` was shown (`load`) or failed in one way. No URL, no text, no person. */
export const releaseReportLine = z.object({
  remote: z.string().regex(REMOTE_NAME).max(40),
  version: z.string().regex(RELEASE_VERSION),
  kind: z.enum(RELEASE_REPORT_KINDS),
  count: z.number().int().min(1).max(RELEASE_REPORT_COUNT_MAX),
});
export type ReleaseReportLine = z.infer<typeof releaseReportLine>;

/** POST /releases/reports: a browser's batch. */
export const releaseReportBatch = z.object({ reports: z.array(releaseReportLine).min(1).max(RELEASE_REPORT_LINES_MAX) });
export type ReleaseReportBatch = z.infer<typeof releaseReportBatch>;

/** A canary beside a remote's live version. */
export const releaseCanary = z.object({
  version: z.string(),
  entry: z.string(),
  share: z.number().int().min(CANARY_SHARE_MIN).max(CANARY_SHARE_MAX),
  started_at: isoDate,
  started_by: z.string(),
  /** When it is promoted by itself if it stays healthy; null: promoted by hand only. */
  auto_promote_at: isoDate.nullable(),
});
export type ReleaseCanary = z.infer<typeof releaseCanary>;

/** One minute of one version's reports. */
export const releaseMinute = z.object({
  minute: isoDate,
  version: z.string(),
  loads: z.number().int(),
  failures: z.number().int(),
});
export type ReleaseMinute = z.infer<typeof releaseMinute>;

/** One line of the deploy log. */
export const releaseLogLine = z.object({
  at: isoDate,
  by: z.string(),
  remote: z.string(),
  action: z.enum(RELEASE_ACTIONS),
  version: z.string(),
  /** Why (a canary rolled back or promoted by itself: the judge's counts); null otherwise. */
  reason: z.string().nullable(),
});
export type ReleaseLogLine = z.infer<typeof releaseLogLine>;

/** GET /admin/releases: each remote's live version and canary, its reports of the last hour by minute, and the deploy log. */
export const releasesOverview = z.object({
  remotes: z.array(z.object({
    remote: z.string(),
    live: z.string().nullable(),
    canary: releaseCanary.nullable(),
    minutes: z.array(releaseMinute),
  })),
  log: z.array(releaseLogLine),
});
export type ReleasesOverview = z.infer<typeof releasesOverview>;
