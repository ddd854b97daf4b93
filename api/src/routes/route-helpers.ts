import { errorBody } from '@portal/contract';
import { MESSAGES, canViewCompany, canViewTicket, isValidTimeZone, type CompanyOwned, type Viewer } from '@portal/domain';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../errors';
import { authorize } from '../policy';

/** Error answers for the OpenAPI page: every listed status answers `{ statusCode, error }`. */
export function errorResponses(...codes: number[]): Record<number, typeof errorBody> {
  return Object.fromEntries(codes.map((code) => [code, errorBody]));
}

/**
 * 404 for a missing ticket, 403 when the viewer may not see it; one primary-key read, so the
 * polled sub-resources (tasks, attachments, activity) stay at two indexed queries.
 */
export async function ticketForViewer(
  app: FastifyInstance,
  viewer: Viewer,
  ticketId: number,
  allowed: (viewer: Viewer, ticket: CompanyOwned) => boolean = canViewTicket,
): Promise<{ ticket_id: number; company_id: number }> {
  const access = ticketId > 0 ? await app.repos.tickets.findAccess(ticketId) : undefined;
  if (!access) throw new HttpError(404, MESSAGES.ticketNotFound);
  authorize(viewer, (v) => allowed(v, access));
  return access;
}

/**
 * 404 for a missing company, 403 when the viewer may not see it. A client's own company exists (its
 * link says so), so the reads polled every second skip the lookup for clients.
 */
export async function companyForViewer(
  app: FastifyInstance,
  viewer: Viewer,
  companyId: number,
  allowed: (viewer: Viewer, companyId: number) => boolean = canViewCompany,
): Promise<void> {
  if (!viewer.companyIds.includes(companyId) && !(await app.repos.companies.exists(companyId))) {
    throw new HttpError(404, MESSAGES.companyNotFound);
  }
  authorize(viewer, (v) => allowed(v, companyId));
}

/**
 * A public route is rate limited per address (docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits):
 * the per-route config of @fastify/rate-limit, answering 429 'Too many requests…' from the catalogue.
 */
export function publicRateLimit(app: FastifyInstance) {
  return {
    max: app.config.publicRateLimit.max,
    timeWindow: app.config.publicRateLimit.timeWindowMs,
    keyGenerator: (request: { ip: string }) => request.ip,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyRequests),
  };
}

/** The caller's IANA zone when it sent a valid one, else the server's DEFAULT_TIME_ZONE. */
export function timeZoneOf(app: FastifyInstance, requested: string | undefined): string {
  return requested && isValidTimeZone(requested) ? requested : app.config.defaultTimeZone;
}

/**
 * A second limit on a public route, on top of its per-minute `publicRateLimit`: `limit.max` calls
 * per `key` (an address, an e-mail) within `limit.timeWindowMs`, else 429 'Too many requests…'.
 * A preHandler, so the key may read the validated body. @fastify/rate-limit runs one route limit
 * per request; this is a limiter of its own, counted in the same database store under `name`.
 */
export function keyedRateLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindowMs: number },
  key: (request: FastifyRequest) => string,
): preHandlerAsyncHookHandler {
  const count = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (request) => `${name}:${key(request)}` });
  return async (request) => {
    const result = await count(request);
    if (!result.isAllowed && result.isExceeded) throw new HttpError(429, MESSAGES.tooManyRequests);
  };
}
