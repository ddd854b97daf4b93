import { MESSAGES } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** RFC 3986 §2.3: the characters a URL never needs to escape. */
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** The path of a request's URL as sent: before its query (and before a `#`, which the router also ends the path at). */
const pathOf = (url: string) => url.split(/[?#]/, 1)[0] ?? '';

/** Does `path` escape a character that needs no escape (`/%61pi/` for `/api/`)? The router reads both the same. */
export function escapesUnreserved(path: string): boolean {
  for (const [, hex] of path.matchAll(/%([0-9A-Fa-f]{2})/g)) {
    if (UNRESERVED.test(String.fromCharCode(Number.parseInt(hex ?? '', 16)))) return true;
  }
  return false;
}

/**
 * Is this a request to the API: does the route the router matched lie under /api (or, for a request no route
 * matched, its path as sent)? What the origin and Fetch Metadata checks go by: the matched route, never the raw URL
 * alone, since the router decodes escapes the URL's text does not show.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  return (request.routeOptions.url ?? '').startsWith('/api/') || request.url.startsWith('/api/');
}

/**
 * docs/architecture.md#security: a path is checked as the router reads it. A request whose path escapes a character
 * that needs no escape (`/%61pi/…`) is refused 400 before anything else reads it: the portal's pages and API client
 * never write one (encodeURIComponent leaves letters, digits and `-._~` as they are), and every check and key after
 * this one (the origin check, Fetch Metadata, the answers kept in memory) then sees each resource under one path.
 */
export const canonicalPathPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      if (!escapesUnreserved(pathOf(request.url))) return;
      request.log.info({ url: request.url }, 'non-canonical path refused');
      return reply.code(400).send({ statusCode: 400, error: MESSAGES.invalidInput });
    });
  },
  { name: 'portal-canonical-path' },
);
