import useSWR from 'swr';
import type { FindAnswer, FindQuery, SearchRequest, Ticket } from '@portal/contract';
import { pathOf, searchEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import { loadContract, type Http } from './http';

export interface SearchApi {
  /** POST /search/:type: any failure gives an empty list (docs/architecture.md#a-request). */
  rows(type: string, request: Partial<SearchRequest>): Promise<Record<string, unknown>[]>;
  tickets(request: Partial<SearchRequest>): Promise<Ticket[]>;
  /** GET /search: the full-text search (docs/product/search.md). */
  find(query: FindQuery): Promise<FindAnswer>;
}

/** GET /search's path for a query: only the fields that are set, in a fixed order (one cache entry per search). */
export function findPath(query: FindQuery): string {
  return pathOf(api.find, {}, findQuery(query));
}

function findQuery(query: FindQuery): FindQuery {
  return {
    q: query.q,
    group: query.group || undefined,
    page: query.page && query.page > 1 ? query.page : undefined,
    status: query.status || undefined,
    company: query.company || undefined,
    type: query.type || undefined,
  };
}

export function createSearchApi(http: Http): SearchApi {
  return {
    rows: (type, request) => http(api.searchRows, { params: { type }, body: request }).catch(() => []),
    tickets: async (request) => {
      try {
        const rows = await http(api.searchRows, { params: { type: 'ticket' }, body: request });
        return (await loadContract()).ticket.array().parse(rows);
      } catch {
        return [];
      }
    },
    find: (query) => http(api.find, { query: findQuery(query) }),
  };
}

/**
 * The search as typed: no request for blank text; while the next answer loads, the last one stays on
 * screen (the results do not flash empty between keystrokes).
 */
export function useFind(query: FindQuery | null) {
  const client = useApiClient();
  const key = query && query.q.trim() ? findPath(query) : null;
  return useSWR(key, () => client.search.find(query as FindQuery), { keepPreviousData: true, revalidateOnFocus: false });
}
