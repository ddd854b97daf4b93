import {
  API_TOKEN_MESSAGES, API_TOKEN_PATTERN, API_TOKEN_TOUCH_MS, MESSAGES, apiTokenRefusal, companyScopeCheck, isClient, isStaff,
  type ApiTokenGrant, type Viewer,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { hashSecretToken } from '../password';

/** The route as routed, without /api: what the domain's rules name ('/ticket/:id'). */
export const routedPath = (request: FastifyRequest): string => (request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '');

/**
 * A bearer request's owner and grant (docs/decisions/0020-api-tokens.md): the token read from the database on every
 * request (no process holds it, so a revocation, an expiry or the owner's deactivation stops it at once everywhere),
 * counted against its rate limit, its last use written at most once a minute, and refused what its access does not
 * allow. Throws 401 for a token that is not live, 403 for a route it may not call, 429 past its limit.
 */
export async function authenticateBearer(
  app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, token: string,
): Promise<{ viewer: Viewer; grant: ApiTokenGrant }> {
  const { repos, config } = app;
  const now = config.clock();
  const row = API_TOKEN_PATTERN.test(token) ? await repos.apiTokens.findLive(hashSecretToken(token), now) : undefined;
  if (!row) throw new HttpError(401, API_TOKEN_MESSAGES.invalid);

  const limit = config.apiTokenRateLimit;
  const count = await repos.rateLimits.hit(`api-token|${row.token_id}`, now.getTime(), limit.timeWindowMs);
  if (count.hits > limit.max) {
    reply.header('retry-after', String(Math.max(1, Math.ceil((count.expiresAt - now.getTime()) / 1000))));
    throw new HttpError(429, MESSAGES.tooManyRequests);
  }

  const grant: ApiTokenGrant = { tokenId: row.token_id, access: row.access, companyId: isStaff(row.group_id) ? row.company_id : null };
  const refusal = apiTokenRefusal(grant, request.method, routedPath(request));
  if (refusal) throw new HttpError(403, refusal);
  // Before anything answers from memory (the poll cache's hook comes after this one): the route and its :id are known.
  if (grant.companyId !== null) await checkRouteCompany(app, request, grant.companyId);

  if (row.last_used_at === null || now.getTime() - Date.parse(row.last_used_at) >= API_TOKEN_TOUCH_MS) {
    await repos.apiTokens.touch(row.token_id, now, request.ip ?? null, new Date(now.getTime() - API_TOKEN_TOUCH_MS));
  }
  // A client's token reaches the companies the client is linked to now, as its session would.
  const links = isClient(row.group_id) ? await repos.contacts.companyLinks(row.contact_id) : { companyIds: [], primaryCompanyIds: [] };
  return { viewer: { contactId: row.contact_id, groupId: row.group_id, ...links }, grant };
}

/**
 * A company-scoped staff token's route (its grant's companyId is only ever set for staff): refused unless the route
 * names that company or a ticket of it in its `:id`, takes the company from its body (checked once parsed,
 * checkCompanyBody) or from the grant, or holds no company's data. Every other route is refused: deny by default.
 */
async function checkRouteCompany(app: FastifyInstance, request: FastifyRequest, companyId: number): Promise<void> {
  const check = companyScopeCheck(request.method, routedPath(request));
  if (check === null) throw new HttpError(403, API_TOKEN_MESSAGES.companyScope);
  const id = Number((request.params as Record<string, string | undefined>).id);
  if (check === 'company-param' && id !== companyId) throw new HttpError(403, API_TOKEN_MESSAGES.otherCompany);
  if (check === 'ticket-param') {
    const ticket = Number.isInteger(id) ? await app.repos.tickets.findAccess(id) : undefined;
    // An unknown ticket is the route's own 404: it tells nothing of another company.
    if (ticket && ticket.company_id !== companyId) throw new HttpError(403, API_TOKEN_MESSAGES.otherCompany);
  }
}

/** A company-scoped token's new ticket (a preHandler, the body parsed): for its own company only. */
export async function checkCompanyBody(request: FastifyRequest): Promise<void> {
  const companyId = request.apiToken?.companyId ?? null;
  if (companyId === null || companyScopeCheck(request.method, routedPath(request)) !== 'body-company') return;
  const body = (request.body ?? {}) as { company_id?: unknown };
  if (Number(body.company_id) !== companyId) throw new HttpError(403, API_TOKEN_MESSAGES.otherCompany);
}
