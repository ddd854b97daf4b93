import useSWR from 'swr';
import type { FindAnswer, FindQuery, SearchRequest, Ticket } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http, Schema } from './http';

const rows: Schema<Record<string, unknown>[]> = {
  parse(data) {
    if (!Array.isArray(data) || !data.every((row) => typeof row === 'object' && row !== null)) throw new Error('not a list of rows');
    return data as Record<string, unknown>[];
  },
};

export interface SearchApi {
  /** POST /search/:type: any failure gives an empty list (docs/architecture.md#a-request). */
  rows(type: string, request: Partial<SearchRequest>): Promise<Record<string, unknown>[]>;
  tickets(request: Partial<SearchRequest>): Promise<Ticket[]>;
  /** GET /search: the full-text search (docs/product/search.md). */
  find(query: FindQuery): Promise<FindAnswer>;
}

/** GET /search's path for a query: only the fields that are set, in a fixed order (one cache entry per search). */
export function findPath(query: FindQuery): string {
  const params = new URLSearchParams({ q: query.q });
  if (query.group) params.set('group', query.group);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.status) params.set('status', query.status);
  if (query.company) params.set('company', String(query.company));
  if (query.type) params.set('type', String(query.type));
  return `/search?${params.toString()}`;
}

export function createSearchApi(http: Http): SearchApi {
  return {
    rows: (type, request) => http('POST', `/search/${encodeURIComponent(type)}`, () => rows, { body: request }).catch(() => []),
    tickets: (request) => http('POST', '/search/ticket', (c) => c.ticket.array(), { body: request }).catch(() => []),
    find: (query) => http('GET', findPath(query), (c) => c.findAnswer),
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
