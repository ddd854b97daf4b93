import { isAdmin, isStaff } from './groups';

// Personal access tokens (docs/product/integrations.md#api-tokens; docs/decisions/0020-api-tokens.md): a script calls
// the API with `Authorization: Bearer pat_…` and has exactly its owner's rights, narrowed by what the token grants:
// its access (read only, read and write, or opening tickets only) and, for staff, one company.

/** What a token may do: GET and HEAD only; everything its owner may; only POST /inbound/tickets. */
export type ApiTokenAccess = 'read' | 'write' | 'inbound';

export const API_TOKEN_ACCESS: readonly ApiTokenAccess[] = ['read', 'write', 'inbound'];

/** What a bearer request carries besides its owner's viewer (request.apiToken on the server). */
export interface ApiTokenGrant {
  tokenId: number;
  access: ApiTokenAccess;
  /** A staff member's token narrowed to this company; null: the owner's own reach (a client's is its companies). */
  companyId: number | null;
}

/** The visible prefix of every token: a leaked one is recognisable (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'pat_';
/** `pat_` and 32 random bytes in base64url. */
export const API_TOKEN_PATTERN = /^pat_[A-Za-z0-9_-]{43}$/;
/** Live (neither revoked nor expired) tokens one person may hold. */
export const API_TOKENS_PER_PERSON = 20;
export const API_TOKEN_NAME_MAX = 80;
/** The expiry choices of the create dialog, in days; a date of one's own or never are the others. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
/** Requests per minute one token may make (API_TOKEN_RATE_LIMIT overrides it). */
export const API_TOKEN_REQUESTS_PER_MINUTE = 300;
/** last_used_at is written at most this often, as a session's last_seen is. */
export const API_TOKEN_TOUCH_MS = 60_000;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Give the token a name.',
  nameTooLong: `The name can be at most ${API_TOKEN_NAME_MAX} characters.`,
  expiryInPast: 'The expiry date must be in the future.',
  companyStaffOnly: 'Only staff tokens can be limited to one company.',
  tooMany: `You can have at most ${API_TOKENS_PER_PERSON} tokens. Revoke one you no longer use first.`,
  notFound: 'Token not found.',
  invalid: 'This API token is not valid: it is unknown, expired or revoked.',
  cookieOnly: 'API tokens cannot do this. Sign in to the portal instead.',
  readOnly: 'This token is read only.',
  inboundOnly: 'This token can only open tickets (POST /api/inbound/tickets).',
  companyScope: 'This token is limited to one company and cannot use this route.',
  otherCompany: 'This token is limited to another company.',
  shownOnce: 'This token is shown once. Copy it now.',
} as const;

/** The create form as sent: `expires_at` is an ISO date-time or null (never). */
export interface ApiTokenInput {
  name: string;
  access: ApiTokenAccess;
  expires_at: string | null;
  company_id: number | null;
}

/**
 * The create form's check: a name, an expiry in the future, a company only for staff. Answers the first problem's
 * text, or null. (A client's token is already narrowed to its own companies.)
 */
export function apiTokenInputProblem(input: ApiTokenInput, ownerGroupId: number, now: Date): string | null {
  const name = input.name.trim();
  if (name === '') return API_TOKEN_MESSAGES.nameRequired;
  if (name.length > API_TOKEN_NAME_MAX) return API_TOKEN_MESSAGES.nameTooLong;
  if (input.expires_at !== null) {
    const at = Date.parse(input.expires_at);
    if (Number.isNaN(at) || at <= now.getTime()) return API_TOKEN_MESSAGES.expiryInPast;
  }
  if (input.company_id !== null && !isStaff(ownerGroupId)) return API_TOKEN_MESSAGES.companyStaffOnly;
  return null;
}

/** The end of a token made at `now` that lasts `days` days. */
export function apiTokenExpiry(now: Date, days: number): string {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
}

/** Is a token expiring at `expiresAt` (null: never) still good at `now`? */
export function isApiTokenLive(token: { expires_at: string | null; revoked_at: string | null }, now: Date): boolean {
  if (token.revoked_at !== null) return false;
  return token.expires_at === null || Date.parse(token.expires_at) > now.getTime();
}

/** May one more token be made by a person holding `liveCount` live ones? */
export const canCreateAnotherApiToken = (liveCount: number): boolean => liveCount < API_TOKENS_PER_PERSON;

/** One's own tokens are listed to oneself; an admin may list anyone's (to revoke a leaked one). */
export const canSeeApiTokensOf = (viewer: { contactId: number; groupId: number }, ownerId: number): boolean =>
  viewer.contactId === ownerId || isAdmin(viewer.groupId);

/** A token's owner may revoke it; an admin may revoke anyone's (audited; a helpdesk answer to a leaked token). */
export const canRevokeApiToken = (viewer: { contactId: number; groupId: number }, ownerId: number): boolean =>
  viewer.contactId === ownerId || isAdmin(viewer.groupId);

/**
 * Routes a bearer request never reaches, whatever its access: the account's own keys (tokens, password, factors,
 * sessions, sign-in and e-mail changes) and the live stream, which follows a browser session. A token cannot mint
 * tokens nor take the account it belongs to. Paths as routed, without /api; GET /auth/me stays open ("who am I").
 */
const COOKIE_ONLY_PREFIXES = ['/account/', '/auth/', '/admin/contacts/', '/admin/security-policy', '/events'];

/** Why a grant may not call `method path` (the route's pattern, without /api), or null when it may. */
export function apiTokenRefusal(grant: Pick<ApiTokenGrant, 'access'>, method: string, path: string): string | null {
  const verb = method.toUpperCase();
  if (verb === 'GET' && path === '/auth/me') return grant.access === 'inbound' ? API_TOKEN_MESSAGES.inboundOnly : null;
  if (COOKIE_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix))) return API_TOKEN_MESSAGES.cookieOnly;
  if (grant.access === 'inbound') return verb === 'POST' && path === '/inbound/tickets' ? null : API_TOKEN_MESSAGES.inboundOnly;
  if (grant.access === 'read' && verb !== 'GET' && verb !== 'HEAD') return API_TOKEN_MESSAGES.readOnly;
  return null;
}

/** No token sets a password, one's own or another's (an admin's): a token must not be able to take an account. */
export const canSetPasswordWith = (grant: Pick<ApiTokenGrant, 'access'> | null): boolean => grant === null;

/**
 * How a company-scoped staff token's request is tied to its company: the route's `:id` is the company, the route's
 * `:id` is a ticket of it, the body's company_id is it, the route itself uses the grant's company (inbound), or the
 * route holds no company's data (lookups, "who am I"), or the route narrows its answer to the grant's company itself
 * (the staff list, full-text search). Every other route is refused: deny by default (docs/decisions/0020-api-tokens.md).
 */
export type CompanyScopeCheck = 'company-param' | 'ticket-param' | 'body-company' | 'grant' | 'none' | 'narrowed';

const UNSCOPED_READS: ReadonlySet<string> = new Set(['GET /auth/me', 'GET /options', 'GET /settings/public']);

/** The check of `method path` for a company-scoped token, or null: the route is refused to it. */
export function companyScopeCheck(method: string, path: string): CompanyScopeCheck | null {
  const verb = method.toUpperCase();
  if (UNSCOPED_READS.has(`${verb} ${path}`)) return 'none';
  if (verb === 'POST' && path === '/inbound/tickets') return 'grant';
  if (verb === 'GET' && (path === '/staff/tickets/list' || path === '/search')) return 'narrowed';
  if (verb === 'POST' && path === '/ticket') return 'body-company';
  if (path === '/company/:id' || path.startsWith('/company/:id/')) return 'company-param';
  if (path === '/ticket/:id' || path.startsWith('/ticket/:id/')) return 'ticket-param';
  return null;
}

/**
 * The companies a list keeps (null: every one) for a request whose grant may be limited to one company: that company
 * alone, within the list's own choice.
 */
export function withinTokenCompany(companyIds: readonly number[] | null, grant: Pick<ApiTokenGrant, 'companyId'> | null): readonly number[] | null {
  const only = grant?.companyId ?? null;
  if (only === null) return companyIds;
  return companyIds === null ? [only] : companyIds.filter((id) => id === only);
}

/** A token's access as the Security page names it. */
export const API_TOKEN_ACCESS_LABELS: Record<ApiTokenAccess, string> = {
  read: 'Read only',
  write: 'Read and write',
  inbound: 'Open tickets only',
};
