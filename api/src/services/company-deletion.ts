import { notificationChanges, sessionChanges, ticketChanges } from '@portal/domain';
import { writeAudit } from '../repositories/audit-repository';
import { removeAttachmentContents } from './attachment-uploads';
import { auditRecord, auditedSnapshot, companyTarget, contactTarget, ticketTarget, type AuditActor } from './audit';
import type { ServiceContext, Written } from './service-context';

/**
 * Deletes a company and what hangs from it in one transaction
 * (docs/product/companies-and-contacts.md#deleting-a-company), with the audit trail's entries, then
 * its attachments' bytes from whichever store holds them (docs/product/tickets.md#where-attachments-are-kept):
 * after the commit, so a failed transaction never leaves rows pointing at missing bytes. Bytes that cannot be
 * removed are logged, not answered. Answers false when there is
 * no such company.
 */
export async function deleteCompany(ctx: ServiceContext, actor: AuditActor, companyId: number): Promise<Written<boolean>> {
  const { log } = ctx;
  // Whoever is linked loses the link: their held sessions and open streams re-read their companies.
  const members = (await ctx.repos.companyContacts.list(companyId)).map((person) => person.contact_id);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const removal = await ctx.repos.companies.remove(trx, companyId);
    if (!removal) return undefined;
    // The trail keeps the company as it was, each ticket that went with it, each client signed out for good.
    const { company, tickets, deactivated } = removal;
    await writeAudit(trx, [
      auditedSnapshot(actor, 'company.deleted', companyTarget(company), { name: company.name, url: company.url, description: company.description, mode: company.mode, note: company.note }, 'deleted'),
      ...tickets.map((ticket) => auditRecord(actor, 'ticket.deleted', ticketTarget({ ...ticket, company_id: companyId }), [])),
      ...deactivated.map((person) => auditRecord(actor, 'contact.deactivated', contactTarget(person, companyId), [{ field: 'active', before: 1, after: 0 }])),
    ], ctx.clock());
    return removal;
  });
  if (!removed) return { result: false, changes: [] };
  await removeAttachmentContents(ctx, removed.attachmentFiles, { company_id: companyId });
  log.info({ company_id: companyId, deactivated: removed.deactivated.map((person) => person.contact_id) }, 'company deleted');
  // Open views of the company and its tickets revalidate (and find them gone).
  return {
    result: true,
    changes: [
      { kind: 'company', companyId, members },
      ...removed.tickets.flatMap((ticket) => ticketChanges({ ticket_id: ticket.ticket_id, company_id: companyId }, [ticket.assignee_id])),
      ...notificationChanges(removed.notifiedContactIds),
      // Its clients deactivated with it are signed out in every process (docs/architecture.md#sessions-in-memory).
      ...sessionChanges(removed.deactivated.map((person) => person.contact_id)),
    ],
  };
}
