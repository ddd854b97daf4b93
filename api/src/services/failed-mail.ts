import type { FailedMail } from '@portal/contract';
import { MESSAGES, isRequeueable } from '@portal/domain';
import { HttpError } from '../errors';
import { writeAudit } from '../repositories/audit-repository';
import { auditRecord, type AuditActor } from './audit';
import type { ServiceContext, Written } from './service-context';

// Mail the outbox gave up on (docs/product/messaging.md#failed-mail): admins list it and put one back in the queue,
// whatever sent it (a notification, a reset code, a message-centre send).

/** The failed-mail list shows at most this many, newest first. */
export const FAILED_MAIL_LIST_MAX = 200;

export async function listFailedMail(ctx: ServiceContext): Promise<FailedMail[]> {
  return ctx.repos.mailOutbox.listFailed(FAILED_MAIL_LIST_MAX);
}

/**
 * Puts a failed mail back in the queue, due at once with its attempts counted afresh, in one transaction with its
 * audit entry; the job runner is woken once it has committed. 404 when there is no such mail; 409 when it is not
 * failed, or was sent again as another mail.
 */
export async function requeueFailedMail(ctx: ServiceContext, id: number, actor: AuditActor): Promise<Written<{ ok: true }>> {
  const { repos } = ctx;
  const mail = await repos.mailOutbox.findById(id);
  if (!mail) throw new HttpError(404, MESSAGES.noResultsFound);
  if (!isRequeueable(mail)) throw new HttpError(409, MESSAGES.mailNotRequeueable);
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.mailOutbox.requeue(trx, id))) throw new HttpError(409, MESSAGES.mailNotRequeueable);
    await writeAudit(trx, [auditRecord(actor, 'mail.requeued', { entityId: id, companyId: null, subject: `${mail.subject} <${mail.to_address}>` }, [
      { field: 'status', before: mail.status, after: 'pending' },
      { field: 'attempts', before: mail.attempts, after: 0 },
      { field: 'error', before: mail.error, after: null },
    ])], now);
  });
  repos.mailOutbox.notifyQueued();
  return { result: { ok: true }, changes: [] };
}
