import {
  DEFAULT_SECURITY_POLICY, SECURITY_MESSAGES, canChangeSecurityPolicy, isSecondFactorRequired, mustEnrol, type SecurityPolicyValue,
} from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { auditRecord, type AuditActor } from './audit';
import type { ServiceContext, Written } from './service-context';

/** Where the admins' policy is kept: one row of the options table, never readable through GET /options. */
const POLICY_OPTION = 'security-policy';

/** The staff second-factor policy (docs/product/accounts-and-roles.md#account-security); off until an admin turns it on. */
export async function readSecurityPolicy(ctx: Pick<ServiceContext, 'repos'>): Promise<SecurityPolicyValue> {
  const stored = await ctx.repos.options.get(POLICY_OPTION);
  const on = typeof stored === 'object' && stored !== null && (stored as { require_staff_second_factor?: unknown }).require_staff_second_factor === true;
  return on ? { require_staff_second_factor: true } : DEFAULT_SECURITY_POLICY;
}

/** PUT /admin/security-policy: the policy with the trail's entry, in one transaction. */
export async function saveSecurityPolicy(ctx: ServiceContext, actor: AuditActor, policy: SecurityPolicyValue): Promise<Written<SecurityPolicyValue>> {
  const before = await readSecurityPolicy(ctx);
  if (actor.actorId !== null && !canChangeSecurityPolicy(policy, await ctx.repos.security.factors(actor.actorId))) {
    throw new HttpError(409, SECURITY_MESSAGES.policyNeedsOwnFactor);
  }
  await ctx.db.transaction().execute(async (trx) => {
    await ctx.repos.options.save(trx, POLICY_OPTION, policy);
    if (before.require_staff_second_factor !== policy.require_staff_second_factor) {
      await writeAudit(trx, [auditRecord(actor, 'option.security_policy_changed', { entityId: null, companyId: null, subject: POLICY_OPTION }, [
        { field: 'require_staff_second_factor', before: before.require_staff_second_factor, after: policy.require_staff_second_factor },
      ])], ctx.clock());
    }
  });
  // Whether each staff member must enrol first is held with their sessions: every process drops them all
  // (docs/architecture.md#sessions-in-memory).
  const switched = before.require_staff_second_factor !== policy.require_staff_second_factor;
  return { result: policy, changes: switched ? [{ kind: 'session', contactId: 'all' }] : [] };
}

/** Must this signed-in user enrol a second factor before doing anything else? (Read on every request of staff while the policy is on.) */
export async function enrolRequiredFor(ctx: Pick<ServiceContext, 'repos'>, contactId: number, groupId: number): Promise<boolean> {
  // Clients are never asked: no read for them.
  if (!isSecondFactorRequired(groupId, { require_staff_second_factor: true })) return false;
  const policy = await readSecurityPolicy(ctx);
  if (!isSecondFactorRequired(groupId, policy)) return false;
  return mustEnrol(groupId, policy, await ctx.repos.security.factors(contactId));
}
