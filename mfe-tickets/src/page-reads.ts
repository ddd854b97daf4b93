import {
  activityPageKey, aiStatusKey, attachmentsKey, companyContactsKey, followersKey, hourBankKey, optionKey, staffKey, tagsKey, tasksKey,
  ticketKey, ticketTimeKey, type PageReads,
} from '@portal/api-client';
import { ACTIVITY_PAGE_SIZE } from '@portal/domain';

/**
 * What the ticket page reads on its first render (docs/performance.md#data-with-the-page): the ticket, the newest
 * page of its feed, its time, tasks, files and followers, the company's contacts and hour bank, the lookups, and for
 * staff the tag list and the staff to assign. The company is the route's: a link to a ticket names its own company.
 */
export const pageReads: PageReads = {
  '/clients/:companyId/tickets/:ticketId': ({ companyId, ticketId }, { staff }) => [
    ticketKey(ticketId!),
    activityPageKey(ticketId!, { limit: ACTIVITY_PAGE_SIZE }),
    ticketTimeKey(ticketId!),
    tasksKey(ticketId!),
    attachmentsKey(ticketId!),
    followersKey(ticketId!),
    companyContactsKey(companyId!),
    hourBankKey(companyId!),
    optionKey('status-defaults'),
    optionKey('priority-defaults'),
    optionKey('type-defaults'),
    aiStatusKey,
    ...(staff ? [tagsKey, staffKey] : []),
  ],
};
