import type { searchRequest } from '@portal/contract';
import { MESSAGES, searchScope, type Viewer } from '@portal/domain';
import type { z } from 'zod';
import { HttpError } from '../errors';
import { SEARCH_TYPE_NAMES, SearchInputError, type SearchQuery, type SearchTypeName } from '../repositories/search-repository';
import { ratesOption } from './option-defaults';
import type { ServiceContext } from './service-context';
import { presentTickets } from './ticket-presenter';

/** The types POST /search/:type answers (docs/architecture.md#security: a whitelist of types and fields). */
export const SEARCHABLE_TYPES: readonly string[] = SEARCH_TYPE_NAMES;

const isSearchType = (type: string): type is SearchTypeName => (SEARCH_TYPE_NAMES as string[]).includes(type);

/**
 * A search by whitelisted fields: 400 'Type not specified.' for an unknown type, 400 'Invalid input.'
 * for a field, operator or value outside the whitelist. A client only sees its companies' rows;
 * tickets come in the ticket answer shape, with the value for those who may see it.
 */
export async function search(ctx: ServiceContext, viewer: Viewer, type: string, body: z.output<typeof searchRequest>): Promise<Record<string, unknown>[]> {
  const { repos } = ctx;
  if (!isSearchType(type)) throw new HttpError(400, MESSAGES.typeNotSpecified);
  const scope = searchScope(viewer);
  if (!scope.all && scope.companyIds.length === 0) return [];
  const query: SearchQuery = {
    conditions: body.filter.conditions,
    joiner: body.filter.joiner,
    orderBy: body.orderBy,
    companyIds: scope.all ? null : scope.companyIds,
  };
  try {
    if (type === 'ticket') {
      const { where, order, limit } = repos.search.ticketCriteria(query);
      return await presentTickets(viewer, await repos.tickets.listWhere(where, order, limit), () => ratesOption(repos.options));
    }
    return await repos.search.rows(type, query);
  } catch (error) {
    if (error instanceof SearchInputError) throw new HttpError(400, MESSAGES.invalidInput);
    throw error;
  }
}
