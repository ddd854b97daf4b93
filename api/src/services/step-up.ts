import type { StepUpRequest } from '@portal/contract';
import { SECURITY_MESSAGES, STEP_UP_MESSAGES, needsStepUp, type StepUpAction } from '@portal/domain';
import { HttpError } from '../errors';
import { verifyPassword } from '../password';
import type { ContactRow } from '../repositories/contact-repository';
import { matchTotp } from './second-factors';
import type { ServiceContext } from './service-context';

// Sensitive changes (docs/product/accounts-and-roles.md#sensitive-changes): the password, or a code from
// the authenticator app, given within the last 10 minutes on this session. The moment is kept on the
// session's row and read from the database at each change, so a confirmation taken by one process counts
// in every other at once (no process's memory of the session is trusted for it).

/** 403 with `reauth_required` unless this session gave the password or a factor within STEP_UP_MINUTES. */
export async function requireStepUp(ctx: Pick<ServiceContext, 'repos' | 'clock'>, tokenHash: string | undefined, action: StepUpAction): Promise<void> {
  const steppedUpAt = tokenHash ? await ctx.repos.sessions.steppedUpAt(tokenHash) : null;
  if (needsStepUp(action, steppedUpAt, ctx.clock())) throw new HttpError(403, STEP_UP_MESSAGES.reauthRequired, true);
}

/**
 * POST /account/security/confirm: the password, or an app code (each code once, as at sign-in), marks the
 * session stepped up now. 400 with the sign-in's words when it is wrong.
 */
export async function confirmIdentity(ctx: ServiceContext, contact: ContactRow, tokenHash: string, body: StepUpRequest): Promise<void> {
  const { repos } = ctx;
  if ('password' in body) {
    if (!(await verifyPassword(body.password, contact.password_hash))) throw new HttpError(400, SECURITY_MESSAGES.wrongPassword);
  } else {
    const totp = await repos.security.totp(contact.contact_id);
    const step = totp?.enabled === 1 ? await matchTotp(ctx, contact.contact_id, totp.secret_sealed, body.code, totp.last_step) : null;
    const used = step !== null && (await ctx.db.transaction().execute((trx) => repos.security.useTotpStep(trx, contact.contact_id, step)));
    if (!used) throw new HttpError(400, SECURITY_MESSAGES.wrongCode);
  }
  await repos.sessions.markSteppedUp(tokenHash, ctx.clock());
}
