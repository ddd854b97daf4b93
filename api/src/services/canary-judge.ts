import {
  judgeCanary, tallyOf, type CanaryRules, type Change, type ReleaseAction,
} from '@portal/domain';
import { mailTranslator, perLanguage } from '../messages';
import { contactLanguages } from './contact-language';
import { writeAudit } from '../repositories/audit-repository';
import type { CanaryRow, ReleaseRepository } from '../repositories/release-repository';
import { auditRecord, type AuditActor } from './audit';
import { addBellNotifications, type BellText } from './bell';
import type { RemoteMapEntry } from '@portal/contract/remotes';
import type { ReleaseHost, ReleaseHostLogLine } from './release-host';
import type { ServiceContext } from './service-context';

// The canary judge (docs/deploying-a-remote.md#canary-releases), run by the job runner every CANARY_CHECK_MS in every
// process side by side. Each canary's counts are judged against the live version's over the same minutes (since the
// canary started, the last 30 at most) by the domain's `judgeCanary`. A failing canary's row is deleted; a healthy one
// past its auto-promotion time is made live through the server's release host, then deleted. The delete is the claim:
// of the processes that judge the same canary at once, the one whose delete removed the row records it (the deploy
// log, the file's too for a rollback, the audit trail) and tells the deployer and the admins. Reports older than a day go.

/** The minutes a canary is judged on at most: the last half hour, or since it started when that is later. */
export const CANARY_JUDGED_MS = 30 * 60_000;
/** Reports are kept this long (the admins' chart shows the last hour). */
export const RELEASE_REPORTS_KEPT_MS = 24 * 3_600_000;
/** Who the deploy log names for what the judge did by itself. */
export const CANARY_JUDGE = 'system';

/** What the judge did to a canary by itself: a deploy log line, with the canary it was about. */
export interface CanaryOutcome {
  canary: CanaryRow;
  /** The live version it was judged against. */
  live: string;
  line: ReleaseHostLogLine & { action: Extract<ReleaseAction, 'auto-rollback' | 'auto-promote'>; reason: string };
}

export interface CanaryJudgeContext {
  releases: ReleaseRepository;
  /** The server's release host; null: no front end served here, nothing is judged (reports are still pruned). */
  host: ReleaseHost | null;
  clock: () => Date;
  rules: CanaryRules;
  /** Records the outcome in the audit trail and tells the people concerned; called once per outcome, by the process that won it. */
  tell: (outcome: CanaryOutcome) => Promise<void>;
}

export interface CanaryJudgeSummary {
  judged: number;
  rolledBack: number;
  promoted: number;
  pruned: number;
}

/** Judges every canary once at the context's clock. */
export async function judgeCanaries(ctx: CanaryJudgeContext): Promise<CanaryJudgeSummary> {
  const { releases, host } = ctx;
  const now = ctx.clock();
  const summary: CanaryJudgeSummary = { judged: 0, rolledBack: 0, promoted: 0, pruned: 0 };
  summary.pruned = await releases.pruneReports(new Date(now.getTime() - RELEASE_REPORTS_KEPT_MS));
  if (!host) return summary;
  const canaries = await releases.canaries();
  if (canaries.length === 0) return summary;
  const live = await host.liveMap();

  // One canary's failure (its map write refused, say) does not keep the others from being judged; the pass still fails with it.
  let failure: unknown;
  for (const canary of canaries) {
    try {
      await judgeOne(ctx, host, canary, live[canary.remote], now, summary);
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
  return summary;
}

/** Judges one canary against `current`, the live entry of its remote, and settles it when this process wins. */
async function judgeOne(
  ctx: CanaryJudgeContext, host: ReleaseHost, canary: CanaryRow, current: RemoteMapEntry | undefined, now: Date, summary: CanaryJudgeSummary,
): Promise<void> {
  const { releases, rules } = ctx;
  // Nothing to judge against (a remote never made live), or made live by hand meanwhile (--promote ends it itself).
  if (!current || current.version === canary.version) return;
  const since = new Date(Math.max(Date.parse(canary.started_at), now.getTime() - CANARY_JUDGED_MS));
  const tallies = await releases.tallies(canary.remote, [canary.version, current.version], since);
  const verdict = judgeCanary(tallyOf(tallies[canary.version] ?? {}), tallyOf(tallies[current.version] ?? {}), rules);
  summary.judged++;
  // `previous` is the live entry a promotion replaces; a rollback replaces none (the map never named the canary).
  const line = { at: now.toISOString(), by: CANARY_JUDGE, remote: canary.remote, version: canary.version, entry: canary.entry, reason: verdict.reason };

  if (verdict.verdict === 'failing') {
    if (!(await releases.endCanary(canary.remote, canary.version))) return;
    const outcome: CanaryOutcome = { canary, live: current.version, line: { ...line, action: 'auto-rollback', previous: null } };
    await releases.log(outcome.line);
    host.logToFile(outcome.line);
    await ctx.tell(outcome);
    summary.rolledBack++;
    return;
  }

  const due = canary.auto_promote_at !== null && Date.parse(canary.auto_promote_at) <= now.getTime();
  if (verdict.verdict !== 'healthy' || !due) return;
  // Live first, then the row: a visitor is never served the old live version between the two. makeLive writes
  // nothing when the map already names the entry, so two judges promoting at once write the file's line once.
  await host.makeLive(canary.remote, { entry: canary.entry, version: canary.version }, { by: CANARY_JUDGE, action: 'auto-promote', reason: verdict.reason });
  if (!(await releases.endCanary(canary.remote, canary.version))) return;
  const outcome: CanaryOutcome = { canary, live: current.version, line: { ...line, action: 'auto-promote', previous: current.entry } };
  await releases.log(outcome.line);
  await ctx.tell(outcome);
  summary.promoted++;
}

const JUDGE_ACTOR: AuditActor = { actorId: null, ip: null };
/** An address the deploy named itself by (DEPLOYED_BY), else a name only, told nothing by mail. */
const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The judge's `tell` in a running API: one transaction writes the audit entry (by the system), a bell notification to
 * every active admin, and a mail through the outbox to each admin and to the deployer (`started_by`, when it is an
 * e-mail address); the admins' notification changes are published once it committed.
 */
export function canaryTeller(ctx: ServiceContext, publish: (...changes: Change[]) => Promise<unknown>): (outcome: CanaryOutcome) => Promise<void> {
  return async ({ canary, live, line }) => {
    const { repos } = ctx;
    const rolledBack = line.action === 'auto-rollback';
    const values = { remote: line.remote, version: line.version, reason: line.reason };
    const subject: BellText = { key: rolledBack ? 'release.rolledBackSubject' : 'release.promotedSubject', values };
    // Each recipient's language: an admin's own, the portal's default for a deployer who is no contact.
    const mail = perLanguage((language) => {
      const t = mailTranslator(language);
      const body = t(rolledBack ? 'release.rolledBackBody' : 'release.promotedBody', values);
      return { subject: t(subject.key, values), text: `${body}\n\n${ctx.config.publicUrl}/admins/releases` };
    });
    const admins = await repos.contacts.listAdmins();
    const deployer = canary.started_by.trim().toLowerCase();
    const recipients = new Map<string, number | null>(admins.map((admin) => [admin.email.toLowerCase(), admin.contact_id]));
    if (MAIL_ADDRESS.test(deployer) && !recipients.has(deployer)) recipients.set(deployer, null);
    const now = ctx.clock();
    await ctx.db.transaction().execute(async (trx) => {
      await writeAudit(trx, [auditRecord(JUDGE_ACTOR, rolledBack ? 'release.rolled_back' : 'release.promoted', {
        entityId: null, companyId: null, subject: `${line.remote} ${line.version}`,
      }, [
        rolledBack ? { field: 'canary', before: line.version, after: null } : { field: 'live', before: live, after: line.version },
        { field: 'reason', before: null, after: line.reason },
      ])], now);
      await addBellNotifications(repos.notifications, trx, admins.map((admin) => ({ contact_id: admin.contact_id, ticket_id: null, text: subject, date_created: now.toISOString() })));
      const languageOf = await contactLanguages(trx, [...recipients].map(([, contactId]) => contactId));
      for (const [to, contactId] of recipients) await repos.mailOutbox.add(trx, { to, ...mail(languageOf(contactId)) });
    });
    await publish(...admins.map((admin): Change => ({ kind: 'notifications', contactId: admin.contact_id })));
    ctx.log.warn({ remote: line.remote, version: line.version, action: line.action, reason: line.reason, told: recipients.size }, 'canary settled by itself');
  };
}
