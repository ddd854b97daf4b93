import { searchRequest, searchTypeParam } from '@portal/contract';
import { MESSAGES, searchScope } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../errors';
import { requireViewer } from '../policy';
import { SEARCH_TYPE_NAMES, SearchInputError, type SearchQuery, type SearchTypeName } from '../repositories/search-repository';
import { errorResponses } from './route-helpers';
import { ratesOption } from '../services/option-defaults';
import { presentTickets } from '../services/ticket-presenter';

const isSearchType = (type: string): type is SearchTypeName => (SEARCH_TYPE_NAMES as string[]).includes(type);

export async function searchRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.post(
    '/search/:type',
    {
      schema: {
        tags: ['search'],
        summary: `Search ${SEARCH_TYPE_NAMES.join(', ')} by whitelisted fields; clients only see their companies' rows`,
        description:
          'Unknown type: 400 "Type not specified."; unknown field, operator or bad value: 400 "Invalid input."; no match: 200 []. At most 500 rows.',
        params: searchTypeParam,
        body: searchRequest,
        response: { 200: z.array(z.record(z.string(), z.unknown())), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      const { type } = request.params;
      if (!isSearchType(type)) throw new HttpError(400, MESSAGES.typeNotSpecified);
      const scope = searchScope(viewer);
      if (!scope.all && scope.companyIds.length === 0) return [];
      const query: SearchQuery = {
        conditions: request.body.filter.conditions,
        joiner: request.body.filter.joiner,
        orderBy: request.body.orderBy,
        companyIds: scope.all ? null : scope.companyIds,
      };
      try {
        if (type === 'ticket') {
          const found = await repos.search.tickets(query, (where, order, limit) => repos.tickets.listWhere(where, order, limit));
          return presentTickets(viewer, found, () => ratesOption(repos.options));
        }
        return await repos.search.rows(type, query);
      } catch (error) {
        if (error instanceof SearchInputError) throw new HttpError(400, MESSAGES.invalidInput);
        throw error;
      }
    },
  );
}
