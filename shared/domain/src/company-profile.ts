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

const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * A website as it is stored and shown (docs/product/companies-and-contacts.md#company-fields): trimmed, and
 * with `https://` in front when typed without a scheme ('acme.com' -> 'https://acme.com').
 */
export function withWebScheme(url: string): string {
  const trimmed = url.trim();
  if (trimmed === '' || SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

const WEB_URL = /^https?:\/\/([^/?#\s]+)([/?#]\S*)?$/i;
const HOST_PORT = /^([^:@]+)(?::\d{1,5})?$/;
const HOST_LABEL = /^(?!-)[\p{L}\p{N}-]{1,63}(?<!-)$/u;
const TOP_LEVEL = /^(\p{L}{2,63}|xn--[a-z0-9-]+)$/u;

/**
 * A website the portal can link to, read as withWebScheme stores it: http or https, a host name of
 * two labels at least with a top-level domain of letters (an optional port), no user or password,
 * no spaces.
 */
export function isValidWebsiteUrl(url: string): boolean {
  const match = WEB_URL.exec(withWebScheme(url));
  const host = match ? HOST_PORT.exec(match[1] ?? '')?.[1] : undefined;
  if (!host) return false;
  const labels = host.toLowerCase().split('.');
  return labels.length >= 2 && labels.every((label) => HOST_LABEL.test(label)) && TOP_LEVEL.test(labels[labels.length - 1] ?? '');
}

export interface CompanyInfoInput {
  name: string;
  url: string;
}

/** The first wrong field of the company info form and what to say about it. */
export interface CompanyInfoProblem {
  field: 'name' | 'url';
  message: string;
}

/**
 * Registration step 1 and the info tab: name and url are both needed ('Please fill out all fields
 * completely.'), and the url must be a website (the message names Website URL):
 * docs/product/accounts-and-roles.md#registration, docs/product/companies-and-contacts.md#company-fields.
 */
export function companyInfoFieldProblem(input: CompanyInfoInput): CompanyInfoProblem | null {
  if (input.name.trim() === '') return { field: 'name', message: MESSAGES.fillAllFields };
  const url = companyUrlProblem(input.url);
  return url === null ? null : { field: 'url', message: url };
}

/** The Website URL alone: blank (or a scheme only) is 'Please fill out all fields completely.', not a website names the field. */
export function companyUrlProblem(url: string): string | null {
  if (normalizeCompanyUrl(url) === '') return MESSAGES.fillAllFields;
  return isValidWebsiteUrl(url) ? null : MESSAGES.invalidCompanyUrl;
}

/** companyInfoFieldProblem's message alone, or null. */
export function companyInfoProblem(input: CompanyInfoInput): string | null {
  return companyInfoFieldProblem(input)?.message ?? null;
}

/** Deleting a company needs the exact word DELETE (docs/product/companies-and-contacts.md#deleting-a-company). */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

export function isDeleteConfirmed(typed: string): boolean {
  return typed === DELETE_CONFIRMATION_WORD;
}
