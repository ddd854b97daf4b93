import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { notificationChanges, ticketChanges } from '@portal/domain';
import { writeAudit } from '../repositories/audit-repository';
import { auditRecord, auditedSnapshot, companyTarget, contactTarget, ticketTarget, type AuditActor } from './audit';
import type { ServiceContext, Written } from './service-context';

/**
 * Deletes a company and what hangs from it in one transaction
 * (docs/product/companies-and-contacts.md#deleting-a-company), with the audit trail's entries, then
 * its attachment files: after the commit, so a failed transaction never leaves rows pointing at
 * missing files. A file that cannot be removed is logged, not answered. Answers false when there is
 * no such company.
 */
export async function deleteCompany(ctx: ServiceContext, actor: AuditActor, companyId: number): Promise<Written<boolean>> {
  const { log } = ctx;
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const removal = await ctx.repos.companies.remove(trx, companyId);
    if (!removal) return undefined;
    // The trail keeps the company as it was, each ticket that went with it, each client signed out for good.
    const { company, tickets, deactivated } = removal;
    await writeAudit(trx, [
      auditedSnapshot(actor, 'company.deleted', companyTarget(company), { name: company.name, url: company.url, description: company.description, mode: company.mode, note: company.note }, 'deleted'),
      ...tickets.map((ticket) => auditRecord(actor, 'ticket.deleted', ticketTarget({ ...ticket, company_id: companyId }), [])),
      ...deactivated.map((person) => auditRecord(actor, 'contact.deactivated', contactTarget(person, companyId), [{ field: 'active', before: 1, after: 0 }])),
    ]);
    return removal;
  });
  if (!removed) return { result: false, changes: [] };
  await Promise.all(
    removed.attachmentFiles.map((storedName) =>
      unlink(path.join(ctx.config.uploadsDir, path.basename(storedName))).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') log.error({ err: error, company_id: companyId, file: storedName }, 'attachment file not removed');
      }),
    ),
  );
  log.info({ company_id: companyId, deactivated: removed.deactivated.map((person) => person.contact_id) }, 'company deleted');
  // Open views of the company and its tickets revalidate (and find them gone).
  return {
    result: true,
    changes: [
      { kind: 'company', companyId },
      ...removed.tickets.flatMap((ticket) => ticketChanges({ ticket_id: ticket.ticket_id, company_id: companyId }, [ticket.assignee_id])),
      ...notificationChanges(removed.notifiedContactIds),
    ],
  };
}
