import type { SessionList } from '@portal/contract';
import { SECURITY_MESSAGES, sessionChanges } from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { auditRecord, contactTarget, type AuditActor } from './audit';
import type { ServiceContext, Written } from './service-context';
import { describeUserAgent } from './user-agent';

// The sessions a user can see and end (docs/product/accounts-and-roles.md#account-security), and an
// admin's ending every session of a user. Each end is in the trail with how many ended.

/** GET /account/sessions: the live sessions, browser and system read from the user agent, this one marked. */
export async function listSessions(ctx: ServiceContext, contactId: number, currentTokenHash: string | undefined): Promise<SessionList> {
  const now = ctx.clock();
  const idleSince = new Date(now.getTime() - ctx.config.sessionIdleHours * 60 * 60 * 1000);
  const rows = await ctx.repos.sessions.listOf(contactId, now, idleSince);
  return {
    sessions: rows.map((row) => {
      const { browser, system } = describeUserAgent(row.user_agent);
      return {
        id: row.session_id, browser, system, address: row.address, signed_in: row.date_created, last_active: row.last_seen,
        current: row.token_hash === currentTokenHash,
      };
    }),
  };
}

const endedAudit = (actor: AuditActor, contact: ContactRow, ended: number, which: string) =>
  auditRecord(actor, 'session.ended', contactTarget(contact), [{ field: which, before: null, after: ended }]);

/** DELETE /account/sessions/:id: one of the user's own sessions (another's id: 404, nothing ended). */
export async function endOwnSession(ctx: ServiceContext, actor: AuditActor, contact: ContactRow, sessionId: number): Promise<Written<void>> {
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await ctx.repos.sessions.deleteOwn(trx, contact.contact_id, sessionId))) throw new HttpError(404, SECURITY_MESSAGES.sessionNotFound);
    await writeAudit(trx, [endedAudit(actor, contact, 1, 'session')], ctx.clock());
  });
  // Every process drops what it holds of the contact's sessions (docs/architecture.md#sessions-in-memory).
  return { result: undefined, changes: sessionChanges([contact.contact_id]) };
}

/** POST /account/sessions/end-others (keep = the request's session) and an admin's POST /admin/contacts/:id/sessions/end (keep nothing). */
export async function endSessionsOf(ctx: ServiceContext, actor: AuditActor, contact: ContactRow, keepTokenHash: string | undefined): Promise<Written<number>> {
  const ended = await ctx.db.transaction().execute(async (trx) => {
    const count = await ctx.repos.sessions.deleteAllOf(trx, contact.contact_id, keepTokenHash);
    await writeAudit(trx, [endedAudit(actor, contact, count, keepTokenHash ? 'other_sessions' : 'all_sessions')], ctx.clock());
    return count;
  });
  return { result: ended, changes: sessionChanges([contact.contact_id]) };
}
