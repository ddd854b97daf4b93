import { findAnswer, findQuery, searchRequest, searchTypeParam } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../policy';
import { findEverything } from '../services/full-text-search';
import { SEARCHABLE_TYPES, search } from '../services/search';
import { errorResponses } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/search/:type',
    {
      schema: {
        tags: ['search'],
        summary: `Search ${SEARCHABLE_TYPES.join(', ')} by whitelisted fields; clients only see their companies' rows`,
        description:
          'Unknown type: 400 "Type not specified."; unknown field, operator or bad value: 400 "Invalid input."; no match: 200 []. At most 500 rows.',
        params: searchTypeParam,
        body: searchRequest,
        response: { 200: z.array(z.record(z.string(), z.unknown())), ...errorResponses(400, 401) },
      },
    },
    async (request) => search(serviceContext(app, request), requireViewer(request.viewer), request.params.type, request.body),
  );

  routes.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Full-text search of tickets, notes and, for staff, companies and contacts (docs/product/search.md)',
        description:
          'Word prefixes; `#123` or `123` names a ticket. Without `group`, the first results of each group; with it, one page. ' +
          'A client finds only its companies\' tickets and notes; counts and snippets are of what the viewer may read.',
        querystring: findQuery,
        response: { 200: findAnswer, ...errorResponses(400, 401) },
      },
    },
    async (request) => findEverything(serviceContext(app, request), requireViewer(request.viewer), request.query),
  );
}
