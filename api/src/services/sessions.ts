import { writeAudit, type AuditRecord } from '../repositories/audit-repository';
import type { ServiceContext } from './service-context';

/**
 * A sign-in's session (docs/decisions/0010-sessions-in-the-database.md): the session planted before
 * sign-in, if any, ends (no fixation) and expired or idle rows are pruned, then the new session and
 * the sign-in's audit entries commit together.
 */
export async function startSession(
  ctx: Pick<ServiceContext, 'db' | 'repos'>,
  session: {
    contactId: number;
    tokenHash: string;
    previousTokenHash: string | undefined;
    now: Date;
    idleSince: Date;
    expires: Date;
    audit: readonly AuditRecord[];
  },
): Promise<void> {
  const { db, repos } = ctx;
  const { contactId, tokenHash, previousTokenHash, now, idleSince, expires, audit } = session;
  if (previousTokenHash) await repos.sessions.deleteByTokenHash(previousTokenHash);
  // Sign-in is rare enough to carry the housekeeping: expired and idle rows never pile up.
  await repos.sessions.deleteExpired(now, idleSince);
  await db.transaction().execute(async (trx) => {
    await repos.sessions.create(trx, contactId, tokenHash, now, expires);
    await writeAudit(trx, audit, now);
  });
}
