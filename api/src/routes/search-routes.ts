import { searchEndpoints as api } from '@portal/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { requireViewer } from '../policy';
import { findEverything } from '../services/full-text-search';
import { SEARCHABLE_TYPES, search } from '../services/search';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.searchRows,
    {
      tags: ['search'],
      summary: `Search ${SEARCHABLE_TYPES.join(', ')} by whitelisted fields; clients only see their companies' rows`,
      description: 'Unknown type: 400 "Type not specified."; unknown field, operator or bad value: 400 "Invalid input."; no match: 200 []. At most 500 rows.',
      errors: [400, 401],
    },
    async (request) => search(serviceContext(app, request), requireViewer(request.viewer), request.params.type, request.body),
  );

  endpointRoute(
    app,
    api.find,
    {
      tags: ['search'],
      summary: 'Full-text search of tickets, notes and, for staff, companies and contacts (docs/product/search.md)',
      description: 'Word prefixes; `#123` or `123` names a ticket. Without `group`, the first results of each group; with it, one page. ' +
        'A client finds only its companies\' tickets and notes; counts and snippets are of what the viewer may read.',
      errors: [400, 401],
    },
    async (request) => findEverything(serviceContext(app, request), requireViewer(request.viewer), request.query, request.apiToken),
  );
}
