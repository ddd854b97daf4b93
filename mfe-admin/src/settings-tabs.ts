/** The admin settings tabs (docs/product/dashboards.md#admin-settings): /admins/settings/{tab}, default crm. */
export const SETTINGS_TABS = [
  { key: 'crm', label: 'CRM' },
  { key: 'assignments', label: 'Assignments' },
  { key: 'defaults', label: 'Defaults' },
  { key: 'replies', label: 'Saved replies' },
  { key: 'tags', label: 'Tags' },
  { key: 'response-times', label: 'Response times' },
  { key: 'maintenance', label: 'Maintenance' },
  { key: 'audit', label: 'Audit' },
  { key: 'security', label: 'Security' },
  { key: 'webhooks', label: 'Webhooks' },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]['key'];
export const DEFAULT_TAB: SettingsTab = 'crm';

/** The crm tab's vertical sections: /admins/settings/crm/{section}, default direct. */
export const CRM_SECTIONS = [
  { key: 'direct', label: 'Direct Messaging', comingSoon: false },
  { key: 'agents', label: 'Agents', comingSoon: false },
  { key: 'companies', label: 'Companies', comingSoon: false },
  { key: 'mail-in', label: 'Mail in', comingSoon: false },
  { key: 'flows', label: 'Flows', comingSoon: true },
  { key: 'campaigns', label: 'Campaigns', comingSoon: true },
] as const;
export type CrmSection = (typeof CRM_SECTIONS)[number]['key'];
export const DEFAULT_CRM_SECTION: CrmSection = 'direct';

export const isSettingsTab = (value: string | undefined): value is SettingsTab => SETTINGS_TABS.some((tab) => tab.key === value);
export const isCrmSection = (value: string | undefined): value is CrmSection => CRM_SECTIONS.some((section) => section.key === value);
export const settingsPath = (tab: SettingsTab, section?: CrmSection) =>
  section ? `/admins/settings/${tab}/${section}` : `/admins/settings/${tab}`;
