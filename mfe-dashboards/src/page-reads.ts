import {
  companiesKey, companyContactsKey, companyHistoryKey, companyKey, companyTicketsKey, contactTicketsKey,
  optionKey, savedViewsKey, staffTicketsKey, tagsKey, type PageReads,
} from '@portal/api-client';
import { HISTORY_PAGE_SIZE } from '@portal/domain';

// What each page of this remote reads on its first render (docs/performance.md#data-with-the-page), by the keys its hooks
// use. The time totals and stats are left out: their keys carry the browser's time zone. src/page-reads.test.tsx checks
// each key against what the page asks.

const boardLookups = [optionKey('status-defaults'), optionKey('priority-defaults')];

/**
 * An agent's page, Tickets tab: their tickets and the board's lists (the ids are compared with nothing: the server fills
 * them in). Not the saved list preferences: their answer replaces the filters when it arrives (use-saved-list-prefs.ts),
 * so it stays a read of its own that a person (and a journey) can see arrive.
 */
const agentPage = (agentId: number) => [contactTicketsKey(agentId), tagsKey, ...boardLookups];

export const pageReads: PageReads = {
  '/clients/:companyId': ({ companyId }) => [
    companyKey(companyId!),
    companyTicketsKey(companyId!),
    companyHistoryKey(companyId!, HISTORY_PAGE_SIZE),
    companyContactsKey(companyId!),
    ...boardLookups,
    optionKey('mode-defaults'),
    // The company picker: a client's answer is their own companies.
    companiesKey,
  ],
  '/clients': (_ids, reader) => (reader.staff ? [companiesKey] : []),
  // The viewer's own page also lists their saved views.
  '/agents': (_ids, reader) => [...agentPage(reader.contactId), savedViewsKey],
  '/agents/:agentId': ({ agentId }) => agentPage(agentId!),
  '/agents/:agentId/tickets': ({ agentId }) => agentPage(agentId!),
  '/admins': () => [staffTicketsKey('kanban'), companiesKey, savedViewsKey, tagsKey, ...boardLookups],
};
