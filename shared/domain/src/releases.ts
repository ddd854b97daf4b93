import { isAdmin } from './groups';
import type { Viewer } from './policy';

// Canary releases of a remote (docs/deploying-a-remote.md#canary-releases): a new version beside the live one, served
// to a stable share of people, whose browsers report what they met; the server judges the canary against the live
// version over the same minutes and removes a failing one by itself.

/** What a browser reports of a remote's version: a page of it shown (the count the others are judged against), and each way it failed. */
export const RELEASE_REPORT_KINDS = ['load', 'error', 'rejection', 'panel', 'chunk', 'no-heading'] as const;
export type ReleaseReportKind = (typeof RELEASE_REPORT_KINDS)[number];

/** The kinds that count as a failure (every kind but a load). */
export const RELEASE_FAILURE_KINDS: readonly ReleaseReportKind[] = RELEASE_REPORT_KINDS.filter((kind) => kind !== 'load');

/** At most this many lines in one batch of reports, and this count on a line. */
export const RELEASE_REPORT_LINES_MAX = 60;
export const RELEASE_REPORT_COUNT_MAX = 1000;

/** A version as deploy-remote names it: `20261207-112308-cf3b5a8`, maybe with `~2`; bounded so a report cannot write anything else. */
export const RELEASE_VERSION = /^[0-9A-Za-z][0-9A-Za-z._~-]{0,63}$/;

/** The share of people a canary may be given, in whole percent. */
export const CANARY_SHARE_MIN = 1;
export const CANARY_SHARE_MAX = 99;

export function isCanaryShare(value: number): boolean {
  return Number.isInteger(value) && value >= CANARY_SHARE_MIN && value <= CANARY_SHARE_MAX;
}

/** Who may see the releases screen (the deploy log, the canaries and their counts): admins. */
export const canSeeReleases = (viewer: Viewer | null): boolean => viewer !== null && isAdmin(viewer.groupId);

/**
 * A person's bucket, 0 to 9,999, from a stable id (`contact:42`, or a device id when signed out): FNV-1a over the
 * id's UTF-16 code units, so the same id lands in the same bucket in every process, machine and browser.
 */
export function canaryBucket(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  // A final mix: ids that differ only in their last characters (contact:1, contact:2) spread over every bucket.
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b) >>> 0;
  hash = (hash ^ (hash >>> 13)) >>> 0;
  return hash % 10_000;
}

/** Whether the person with `id` gets the canary given `share` percent of people. */
export function inCanary(id: string, share: number): boolean {
  return canaryBucket(id) < share * 100;
}

/** The id a person is bucketed by: the signed-in contact, or else the browser's device id. */
export function canaryId(who: { contactId?: number | null; deviceId?: string | null }): string | null {
  if (who.contactId) return `contact:${who.contactId}`;
  return who.deviceId ? `device:${who.deviceId}` : null;
}

/** One version's counts over the judged minutes. */
export interface ReleaseTally {
  loads: number;
  failures: number;
}

/** How a canary is judged: enough loads on each side, and a failure rate clearly above the live version's. */
export interface CanaryRules {
  /** Loads each version needs before any verdict. */
  minLoads: number;
  /** How much higher (a fraction: 0.05 is 5 points) the canary's failure rate must be. */
  margin: number;
  /** How many standard errors apart the two rates must be (a two-proportion z-test), so noise is no verdict. */
  zMin: number;
}

export const CANARY_RULES: CanaryRules = { minLoads: 50, margin: 0.05, zMin: 3 };

export type CanaryVerdict =
  | { verdict: 'wait'; reason: string }
  | { verdict: 'healthy'; reason: string }
  | { verdict: 'failing'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * The verdict on a canary from its counts and the live version's over the same minutes: `wait` until each has
 * `minLoads` loads; `failing` when the canary's failure rate is at least `margin` above the live one's and the two are
 * `zMin` standard errors apart; else `healthy`. A failure rate above 100 % (errors without loads) counts as 100 %.
 */
export function judgeCanary(canary: ReleaseTally, live: ReleaseTally, rules: CanaryRules = CANARY_RULES): CanaryVerdict {
  if (canary.loads < rules.minLoads || live.loads < rules.minLoads) {
    return { verdict: 'wait', reason: `too few loads to judge (canary ${canary.loads}, live ${live.loads}; ${rules.minLoads} each needed)` };
  }
  const rateOf = (tally: ReleaseTally) => Math.min(1, tally.failures / tally.loads);
  const canaryRate = rateOf(canary);
  const liveRate = rateOf(live);
  const pooled = (Math.min(canary.failures, canary.loads) + Math.min(live.failures, live.loads)) / (canary.loads + live.loads);
  const error = Math.sqrt(pooled * (1 - pooled) * (1 / canary.loads + 1 / live.loads));
  const z = error === 0 ? (canaryRate > liveRate ? Infinity : 0) : (canaryRate - liveRate) / error;
  const rates = `failures ${percent(canaryRate)} of ${canary.loads} loads against ${percent(liveRate)} of ${live.loads} on the live version`;
  if (canaryRate - liveRate >= rules.margin && z >= rules.zMin) return { verdict: 'failing', reason: rates };
  return { verdict: 'healthy', reason: rates };
}

/** The tally of one version from its report counts by kind. */
export function tallyOf(counts: Partial<Record<ReleaseReportKind, number>>): ReleaseTally {
  return {
    loads: counts.load ?? 0,
    failures: RELEASE_FAILURE_KINDS.reduce((sum, kind) => sum + (counts[kind] ?? 0), 0),
  };
}

const DURATION = /^(\d+)(s|m|h)$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** A window written `90s`, `30m` or `2h`, in milliseconds; undefined when written otherwise or outside 10 s to 7 days. */
export function parseReleaseWindow(text: string): number | undefined {
  const match = DURATION.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
  return ms >= 10_000 && ms <= 7 * 24 * 3_600_000 ? ms : undefined;
}

/** What changed a remote's served version, as the deploy log writes it. */
export const RELEASE_ACTIONS = ['deploy', 'rollback', 'to', 'publish', 'canary', 'promote', 'abort', 'auto-rollback', 'auto-promote'] as const;
export type ReleaseAction = (typeof RELEASE_ACTIONS)[number];

/** The texts of the releases screen and of what the portal says about a canary (docs/deploying-a-remote.md#canary-releases). */
export const RELEASE_MESSAGES = {
  title: 'Releases',
  intro: 'Each part of the portal, the version people are served, a canary beside it, and what their browsers met.',
  live: 'Live',
  canary: 'Canary',
  noCanary: 'No canary',
  share: (share: number) => `${share} % of people`,
  since: 'Since',
  autoPromote: 'Promoted by itself at',
  chartLabel: (remote: string) => `Loads and failures a minute of ${remote}, the last hour`,
  loads: 'Loads',
  failures: 'Failures',
  noReports: 'No browser has reported on this part in the last hour.',
  deployLog: 'Deploy log',
  noLog: 'Nothing deployed yet.',
  logColumns: { at: 'When', by: 'By', remote: 'Part', action: 'What', version: 'Version', reason: 'Why' },
  actions: {
    deploy: 'Deployed', rollback: 'Rolled back', to: 'Set to a kept version', publish: 'Published elsewhere',
    canary: 'Canary started', promote: 'Canary promoted', abort: 'Canary aborted',
    'auto-rollback': 'Canary rolled back by itself', 'auto-promote': 'Canary promoted by itself',
  } satisfies Record<ReleaseAction, string>,
} as const;
