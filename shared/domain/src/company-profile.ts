import { MESSAGES } from './messages';
import { canManageCompanySettings, type Viewer } from './policy';

/** The company profile settings tabs, in order; the last two for group 1 only (docs/product/companies-and-contacts.md#company-profile-settings). */
export const COMPANY_PROFILE_TABS = ['info', 'contacts', 'prefs', 'assignments', 'delete'] as const;
export type CompanyProfileTab = (typeof COMPANY_PROFILE_TABS)[number];
export const DEFAULT_COMPANY_PROFILE_TAB: CompanyProfileTab = 'info';
const ADMIN_TABS: readonly CompanyProfileTab[] = ['assignments', 'delete'];

export function companyProfileTabsFor(viewer: Viewer): CompanyProfileTab[] {
  return COMPANY_PROFILE_TABS.filter((tab) => !ADMIN_TABS.includes(tab) || canManageCompanySettings(viewer));
}

export function isCompanyProfileTab(value: string): value is CompanyProfileTab {
  return (COMPANY_PROFILE_TABS as readonly string[]).includes(value);
}

/** The company meta keys a caller may read and write (docs/product/companies-and-contacts.md#company-meta). */
export const COMPANY_META_KEYS = ['type_assignments', 'maintenance_prefs', 'default_agent', 'services'] as const;
export type CompanyMetaKey = (typeof COMPANY_META_KEYS)[number];

export function isCompanyMetaKey(value: string): value is CompanyMetaKey {
  return (COMPANY_META_KEYS as readonly string[]).includes(value);
}

/**
 * Two company URLs are the same site when they match without scheme, `www.`, trailing slashes or
 * case: 'https://www.Acme.com/' and 'acme.com' are one company.
 */
export function normalizeCompanyUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/\/+$/, '');
}

/** The site as the database keeps it unique (companies.url_key): normalizeCompanyUrl, or null without one. */
export function companyUrlKey(url: string | null | undefined): string | null {
  const key = url ? normalizeCompanyUrl(url) : '';
  return key === '' ? null : key;
}

export interface CompanyInfoInput {
  name: string;
  url: string;
}

/** Registration step 1 and the info tab: name and url are both needed (docs/product/accounts-and-roles.md#registration). */
export function companyInfoProblem(input: CompanyInfoInput): string | null {
  if (input.name.trim() === '' || normalizeCompanyUrl(input.url) === '') return MESSAGES.fillAllFields;
  return null;
}

/** Deleting a company needs the exact word DELETE (docs/product/companies-and-contacts.md#deleting-a-company). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function isDeleteConfirmed(typed: string): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
