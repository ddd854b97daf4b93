import type { FindAnswer, findQuery } from '@portal/contract';
import {
  canSeeInternalNotes, isEmptySearch, readSearchText, searchGroupsFor, searchScope, snippetParts, withinTokenCompany, SEARCH_PAGE_SIZE,
  SEARCH_PREVIEW_SIZE, type ApiTokenGrant, type SearchGroup, type Viewer,
} from '@portal/domain';
import type { z } from 'zod';
import type { SearchPage, SearchScope, TicketFilters } from '../repositories/full-text-search-repository';
import type { ServiceContext } from './service-context';

/**
 * GET /search (docs/product/search.md): what the viewer may read that matches the typed text. Without
 * a group, the first SEARCH_PREVIEW_SIZE of each group the viewer may search (the header box); with
 * one, page `page` of that group (the results page). Every count is of the viewer's scope only: a client's never counts an internal note.
 * An API token limited to one company (`grant`) finds that company's tickets and notes only (docs/decisions/0020-api-tokens.md).
 */
export async function findEverything(
  ctx: ServiceContext, viewer: Viewer, query: z.output<typeof findQuery>, grant: Pick<ApiTokenGrant, 'companyId'> | null = null,
): Promise<FindAnswer> {
  const text = readSearchText(query.q);
  const pageSize = query.group ? SEARCH_PAGE_SIZE : SEARCH_PREVIEW_SIZE;
  const answer: FindAnswer = { q: query.q, page: query.page, page_size: pageSize };
  const narrowed = (grant?.companyId ?? null) !== null;
  const allowed = searchGroupsFor(viewer.groupId).filter((group) => !narrowed || group === 'tickets' || group === 'notes');
  const groups: readonly SearchGroup[] = query.group ? allowed.filter((group) => group === query.group) : allowed;
  const viewerScope = searchScope(viewer);
  // Internal notes are found by staff only (docs/product/tickets.md#internal-notes).
  const scope: SearchScope = { companyIds: withinTokenCompany(viewerScope.all ? null : viewerScope.companyIds, grant), internal: canSeeInternalNotes(viewer) };
  if (isEmptySearch(text) || (scope.companyIds && scope.companyIds.length === 0)) {
    for (const group of groups) answer[group] = { total: 0, capped: false, items: [] };
    return answer;
  }
  const page: SearchPage = { limit: pageSize, offset: (query.page - 1) * pageSize };
  const filters: TicketFilters = { statusIds: query.status, companyId: query.company, typeId: query.type };
  const search = ctx.repos.fullTextSearch;
  await Promise.all(groups.map(async (group) => {
    switch (group) {
      case 'tickets': {
        const found = await search.tickets(text, scope, filters, page);
        answer.tickets = { total: found.total, capped: found.capped, items: found.rows.map((row) => ({ ...row, snippet: snippetParts(row.snippet) })) };
        return;
      }
      case 'notes': {
        const found = await search.notes(text, scope, filters, page);
        answer.notes = { total: found.total, capped: found.capped, items: found.rows.map((row) => ({ ...row, snippet: snippetParts(row.snippet) })) };
        return;
      }
      case 'companies':
        answer.companies = await search.companies(text, page).then((found) => ({ total: found.total, capped: found.capped, items: found.rows }));
        return;
      case 'contacts': {
        const found = await search.contacts(text, page);
        answer.contacts = {
          total: found.total,
          capped: found.capped,
          items: found.rows.map(({ first_name, last_name, ...row }) => ({ ...row, name: `${first_name} ${last_name}`.trim() })),
        };
      }
    }
  }));
  return answer;
}
