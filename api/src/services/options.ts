import { isDefaultListName } from '@portal/domain';
import type { LookupItem, OptionName } from '@portal/contract';
import { writeAudit } from '../repositories/audit-repository';
import { auditedChange, recorded, type AuditActor } from './audit';
import { checkDefaultList } from './default-lists';
import type { ServiceContext, Written } from './service-context';

/**
 * POST /options: a value already checked against the option's shape. A default list must keep
 * every locked or used id (docs/product/companies-and-contacts.md#default-lists: 409, or 400 for a
 * blank or repeated item); then the option and the trail's entry in one transaction.
 */
export async function saveOption(ctx: ServiceContext, actor: AuditActor, name: OptionName, value: unknown): Promise<Written<void>> {
  const { repos } = ctx;
  if (isDefaultListName(name)) await checkDefaultList(repos, name, value as LookupItem[]);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await repos.options.storedValue(name, trx);
    await repos.options.save(trx, name, value);
    await writeAudit(trx, recorded(
      auditedChange(actor, 'option.updated', { entityId: null, companyId: null, subject: name }, { value: before }, { value: JSON.stringify(value) }),
    ), ctx.clock());
  });
  return { result: undefined, changes: [] };
}
