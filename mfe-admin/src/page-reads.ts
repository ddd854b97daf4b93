import {
  agentsKey, companiesKey, companiesWithPrimaryKey, mailStatusKey, mailTemplatesKey, optionKey, optionUsageKey, releasesKey, staffKey, tagsKey, webhookSettingsKey,
  webhooksKey, type PageReads,
} from '@portal/api-client';
import { DEFAULT_LIST_NAMES } from '@portal/domain';

// What each settings page reads on its first render (docs/performance.md#data-with-the-page), by the keys its hooks use;
// src/page-reads.test.tsx checks each against what the page asks. /admins/settings opens the direct messages.

const directMessages = () => [
  mailStatusKey, mailTemplatesKey, companiesKey, ...(['mode-defaults', 'service-defaults', 'status-defaults', 'group-defaults'] as const).map(optionKey),
];

export const pageReads: PageReads = {
  '/admins/settings': directMessages,
  '/admins/settings/crm': directMessages,
  '/admins/settings/crm/direct': directMessages,
  '/admins/settings/crm/agents': () => [agentsKey, optionKey('group-defaults')],
  '/admins/settings/crm/companies': () => [companiesWithPrimaryKey],
  '/admins/settings/defaults': () => [...DEFAULT_LIST_NAMES.flatMap((name) => [optionKey(name), optionUsageKey(name)]), optionKey('locale')],
  '/admins/settings/assignments': () => [optionKey('type-defaults'), optionKey('type_assignments'), staffKey],
  '/admins/settings/tags': () => [tagsKey],
  '/admins/settings/webhooks': () => [webhooksKey, webhookSettingsKey],
  '/admins/releases': () => [releasesKey],
};
