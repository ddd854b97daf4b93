import { SECURITY_PAGE_PATH } from './account-security';
import { isAdmin, isClient } from './groups';
import type { Viewer } from './policy';

export type GuardResult = { kind: 'allow' } | { kind: 'login' } | { kind: 'redirect'; to: string };

/**
 * The guard reads only the group and the linked companies of the viewer, and whether the admins'
 * policy still waits for a second factor (docs/product/accounts-and-roles.md#account-security).
 */
export type GuardViewer = Pick<Viewer, 'groupId' | 'companyIds'> & { enrolRequired?: boolean };

const GUARDED_SECTIONS = ['admins', 'agents', 'clients', 'search', 'security'] as const;
type GuardedSection = (typeof GUARDED_SECTIONS)[number];

const ALLOW: GuardResult = { kind: 'allow' };

/** Path segments without query or hash; empty segments from repeated or trailing slashes dropped. */
function pathSegments(pathname: string): string[] {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  return path.split('/').filter((segment) => segment !== '');
}

/** The router matches case-insensitively, so the guard does too. */
function guardedSection(segments: string[]): GuardedSection | null {
  const first = segments[0]?.toLowerCase();
  return GUARDED_SECTIONS.find((section) => section === first) ?? null;
}

export function isGuardedPath(pathname: string): boolean {
  return guardedSection(pathSegments(pathname)) !== null;
}

function clientCompanyRedirect(companySegment: string | undefined, companyIds: readonly number[]): GuardResult {
  if (companySegment === undefined) return ALLOW;
  const companyId = /^\d+$/.test(companySegment) ? Number(companySegment) : NaN;
  if (companyIds.includes(companyId)) return ALLOW;
  const first = companyIds[0];
  return { kind: 'redirect', to: first === undefined ? '/clients' : `/clients/${first}` };
}

/**
 * The route guard (docs/product/accounts-and-roles.md#route-guard). Only /admins, /agents, /clients, /search and /security are guarded;
 * every other path (public pages and unknown paths, which show not-found) is allowed. A user who
 * must still enrol a second factor goes to /security from anywhere.
 */
export function guardRoute(pathname: string, viewer: GuardViewer | null): GuardResult {
  const segments = pathSegments(pathname);
  const section = guardedSection(segments);
  if (viewer?.enrolRequired && section !== 'security') return { kind: 'redirect', to: SECURITY_PAGE_PATH };
  if (section === null) return ALLOW;
  if (viewer === null) return { kind: 'login' };
  if (section === 'search' || section === 'security') return ALLOW;
  if (section === 'admins') return isAdmin(viewer.groupId) ? ALLOW : { kind: 'redirect', to: '/' };
  if (!isClient(viewer.groupId)) return ALLOW;
  if (section === 'agents') return { kind: 'redirect', to: '/clients' };
  return clientCompanyRedirect(segments[1], viewer.companyIds);
}
