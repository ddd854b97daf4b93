import { defaultListProblem, isDefaultListName, parseServiceIds, type DefaultListName, type LookupItem } from '@portal/domain';
import { HttpError } from '../errors';
import type { Repositories } from '../repositories/repositories';

// The admin's default lists (docs/product/companies-and-contacts.md#default-lists): how many records
// use each id, and the check that a saved list keeps every locked or used id.

export async function listUsage(repos: Repositories, name: DefaultListName): Promise<Record<number, number>> {
  const usage: Record<number, number> = {};
  if (name === 'service-defaults') {
    for (const value of await repos.options.companyServiceValues()) {
      for (const id of new Set(parseServiceIds(value))) usage[id] = (usage[id] ?? 0) + 1;
    }
    return usage;
  }
  for (const { id, count } of await repos.options.usageCounts(name)) usage[id] = count;
  return usage;
}

/** 409 with the domain's message when `next` drops a locked or used id; 400 when an item is blank or repeated. */
export async function checkDefaultList(repos: Repositories, name: string, next: readonly LookupItem[]): Promise<void> {
  if (!isDefaultListName(name)) return;
  const previous = ((await repos.options.get(name)) as LookupItem[] | undefined) ?? [];
  const problem = defaultListProblem(name, previous, next, await listUsage(repos, name));
  if (problem) throw new HttpError(problem.startsWith('Cannot delete') ? 409 : 400, problem);
}
