/**
 * The admin settings tabs (docs/product/dashboards.md#admin-settings): /admins/settings/{tab}, default crm. Each label is
 * the admin catalogue's key of its name, a literal (scripts/check-messages.ts finds the keys it uses).
 */
export const SETTINGS_TABS = [
  { key: 'crm', label: 'settings.tabCrm' },
  { key: 'assignments', label: 'settings.tabAssignments' },
  { key: 'defaults', label: 'settings.tabDefaults' },
  { key: 'replies', label: 'settings.tabReplies' },
  { key: 'tags', label: 'settings.tabTags' },
  { key: 'response-times', label: 'settings.tabResponseTimes' },
  { key: 'maintenance', label: 'settings.tabMaintenance' },
  { key: 'audit', label: 'settings.tabAudit' },
  { key: 'security', label: 'settings.tabSecurity' },
  { key: 'webhooks', label: 'settings.tabWebhooks' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];
export const DEFAULT_TAB: SettingsTab = 'crm';

/** The crm tab's vertical sections: /admins/settings/crm/{section}, default direct. */
export const CRM_SECTIONS = [
  { key: 'direct', label: 'settings.crmDirect', comingSoon: false },
  { key: 'agents', label: 'settings.crmAgents', comingSoon: false },
  { key: 'companies', label: 'settings.crmCompanies', comingSoon: false },
  { key: 'mail-in', label: 'settings.crmMailIn', comingSoon: false },
  { key: 'flows', label: 'settings.crmFlows', comingSoon: true },
  { key: 'campaigns', label: 'settings.crmCampaigns', comingSoon: true },
] as const;
export type CrmSection = (typeof CRM_SECTIONS)[number]['key'];
export const DEFAULT_CRM_SECTION: CrmSection = 'direct';

export const isSettingsTab = (value: string | undefined): value is SettingsTab => SETTINGS_TABS.some((tab) => tab.key === value);
export const isCrmSection = (value: string | undefined): value is CrmSection => CRM_SECTIONS.some((section) => section.key === value);
export const settingsPath = (tab: SettingsTab, section?: CrmSection) =>
  section ? `/admins/settings/${tab}/${section}` : `/admins/settings/${tab}`;
