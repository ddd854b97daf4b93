import type { SearchRequest, Ticket } from '@portal/contract';
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
}

export function createSearchApi(http: Http): SearchApi {
  return {
    rows: (type, request) => http('POST', `/search/${encodeURIComponent(type)}`, () => rows, { body: request }).catch(() => []),
    tickets: (request) => http('POST', '/search/ticket', (c) => c.ticket.array(), { body: request }).catch(() => []),
  };
}
