import { isNewBrowser } from '@portal/domain';
import type { PortalConfig } from '../config';
import { writeAudit, type AuditRecord } from '../repositories/audit-repository';
import { queueSecurityMail } from './security-mail';
import type { ServiceContext } from './service-context';
import { describeUserAgent } from './user-agent';

/**
 * A sign-in's session (docs/decisions/0010-sessions-in-the-database.md): the session planted before
 * sign-in, if any, ends (no fixation) and expired or idle rows are pruned, then the new session (with
 * its browser and address), the sign-in's audit entries, an upgraded password hash and, from a
 * browser this user has not signed in with before, the mail that says so
 * (docs/product/accounts-and-roles.md#account-security) commit together.
 */
export async function startSession(
  ctx: Pick<ServiceContext, 'db' | 'repos'> & { config: Pick<PortalConfig, 'publicUrl'> },
  session: {
    contactId: number;
    tokenHash: string;
    previousTokenHash: string | undefined;
    now: Date;
    idleSince: Date;
    expires: Date;
    audit: readonly AuditRecord[];
    userAgent?: string | null;
    address?: string | null;
    /** A stronger hash of the password just checked, to store with the sign-in. */
    upgradedHash?: string;
  },
): Promise<void> {
  const { db, repos } = ctx;
  const { contactId, tokenHash, previousTokenHash, now, idleSince, expires, audit } = session;
  const userAgent = session.userAgent?.slice(0, 512) ?? null;
  const address = session.address ?? null;
  if (previousTokenHash) await repos.sessions.deleteByTokenHash(previousTokenHash);
  // Sign-in is rare enough to carry the housekeeping: expired and idle rows never pile up.
  await repos.sessions.deleteExpired(now, idleSince);
  await repos.security.deleteExpiredChallenges(now);
  await repos.emailChanges.deleteExpired(now);
  const browser = describeUserAgent(userAgent);
  // Read before the transaction: on SQLite a read outside it would wait for it.
  const contact = await repos.contacts.findById(contactId);
  await db.transaction().execute(async (trx) => {
    await repos.sessions.create(trx, contactId, tokenHash, now, expires, { userAgent, address });
    await writeAudit(trx, audit, now);
    if (session.upgradedHash) await repos.contacts.update(trx, contactId, { password_hash: session.upgradedHash });
    const seen = await repos.security.knownBrowsers(contactId, trx);
    const current = { browser: browser.browserName, system: browser.system };
    if (contact && isNewBrowser(seen, current)) {
      await queueSecurityMail(trx, repos, ctx.config.publicUrl, contact, {
        kind: 'new-browser', browser: browser.browser, system: browser.system, address, when: now.toISOString().slice(0, 16).replace('T', ' '),
      });
    }
    await repos.security.rememberBrowser(trx, contactId, current.browser, current.system, now);
  });
}
