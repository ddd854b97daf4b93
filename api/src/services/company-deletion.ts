import { unlink } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { notificationChanges, ticketChanges } from '../plugins/events';
import { auditRecord, auditedSnapshot, companyTarget, contactTarget, ticketTarget, type AuditActor } from './audit';

/**
 * DESIGN §7: deletes a company and what hangs from it in one transaction (the repository's
 * `remove`), then its attachment files: after the commit, so a failed transaction never leaves
 * rows pointing at missing files. A file that cannot be removed is logged, not answered.
 * The audit trail's entries are written in the same transaction. Answers false when there is no such company.
 */
export async function deleteCompany(app: FastifyInstance, companyId: number, actor: AuditActor, log: FastifyBaseLogger): Promise<boolean> {
  // The trail keeps the company as it was, each ticket that went with it, each client signed out for good.
  const removed = await app.repos.companies.remove(companyId, ({ company, tickets, deactivated }) => [
    auditedSnapshot(actor, 'company.deleted', companyTarget(company), { name: company.name, url: company.url, description: company.description, mode: company.mode, note: company.note }, 'deleted'),
    ...tickets.map((ticket) => auditRecord(actor, 'ticket.deleted', ticketTarget({ ...ticket, company_id: companyId }), [])),
    ...deactivated.map((person) => auditRecord(actor, 'contact.deactivated', contactTarget(person, companyId), [{ field: 'active', before: 1, after: 0 }])),
  ]);
  if (!removed) return false;
  // Open views of the company and its tickets revalidate (and find them gone).
  app.events.publish(
    { kind: 'company', companyId },
    ...removed.tickets.flatMap((ticket) => ticketChanges({ ticket_id: ticket.ticket_id, company_id: companyId }, [ticket.assignee_id])),
    ...notificationChanges(removed.notifiedContactIds),
  );
  await Promise.all(
    removed.attachmentFiles.map((storedName) =>
      unlink(path.join(app.config.uploadsDir, path.basename(storedName))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') log.error({ err: error, company_id: companyId, file: storedName }, 'attachment file not removed');
      }),
    ),
  );
  log.info({ company_id: companyId, deactivated: removed.deactivated }, 'company deleted');
  return true;
}
