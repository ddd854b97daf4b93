import type { FastifyRequest } from 'fastify';

/**
 * The token of an `Authorization: Bearer …` header, or undefined when the request sent none (docs/decisions/0020-api-tokens.md).
 * A bearer request is a script's, not a page's: its cookies are ignored and the origin checks do not apply to it,
 * since a page of another site cannot set this header on a request to the portal (no CORS) nor knows the token.
 */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer[ ]+(\S*)\s*$/i.exec(header);
  return match ? match[1] : undefined;
}

export const isBearerRequest = (request: FastifyRequest): boolean => bearerTokenOf(request) !== undefined;
