import { MESSAGES } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { PortalConfig } from '../config';
import { isBearerRequest } from './bearer';
import { isApiRequest } from './canonical-path';

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Writes whose only authority is a signed token in their own address, not a session: the one-click
 * unsubscribe (RFC 8058; docs/product/notifications-and-mail.md#unsubscribe), which a mail program or a
 * web-mail page posts from its own origin. A forged request without the token does nothing. Named by
 * the route the router matched.
 */
const TOKEN_WRITES: ReadonlySet<string> = new Set(['POST /api/contact/unsubscribe/:token']);

/** Is this one of the TOKEN_WRITES, which another site's page may post? */
export const isTokenWrite = (request: FastifyRequest): boolean => TOKEN_WRITES.has(`${request.method} ${request.routeOptions.url ?? ''}`);

/** `URL.origin` of a header value, or null when it is not a URL ('null' included). */
export function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The origins whose pages may write besides the request's own: PUBLIC_URL's and ALLOWED_ORIGINS. */
export const listedOrigins = (config: Pick<PortalConfig, 'publicUrl' | 'allowedOrigins'>): ReadonlySet<string> =>
  new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);

/**
 * docs/architecture.md#security: a write under /api (the route the router matched, canonical-path.ts) is
 * refused 403 unless the page that sent it is the portal's own. The sender is the `Origin` header or, without
 * one, the `Referer`'s origin. The portal's own origins are PUBLIC_URL's, the request's own host as Fastify sees
 * it (protocol and host, through X-Forwarded-* from the proxies TRUST_PROXY names, so `npm start` on any port
 * works), and ALLOWED_ORIGINS (the dev servers).
 * Matching the Host is safe: a cross-site page cannot choose the Host of a request to the portal, and a page
 * that rebinds its own name to the portal's address sends its own cookies, not the portal's.
 *
 * A write with neither header is let through: browsers send Origin on every cross-site POST, PUT,
 * PATCH and DELETE (fetch and forms alike), and a forged request needs a browser to carry the
 * victim's cookie. What sends neither is curl, another server or a test client, none of which can
 * borrow a user's session. `Origin: null` (sandboxed frames, file pages, some redirects) is refused.
 */
export const originPlugin = fp(
  async (app) => {
    const { config } = app;
    const fixed = listedOrigins(config);

    const isOwn = (request: FastifyRequest, origin: string): boolean => {
      if (fixed.has(origin)) return true;
      return originOf(`${request.protocol}://${request.host}`) === origin;
    };

    // onRequest, before the session lookup: a refused write reads nothing and renews no session.
    app.addHook('onRequest', async (request, reply) => {
      // A bearer request carries its authority in a header no other site's page can set (bearer.ts): not a page's write.
      if (!WRITES.has(request.method) || !isApiRequest(request) || isTokenWrite(request) || isBearerRequest(request)) return;
      const origin = firstHeader(request.headers.origin);
      const referer = firstHeader(request.headers.referer);
      const sender = origin !== undefined ? origin : referer;
      if (sender === undefined) return;
      const senderOrigin = originOf(sender);
      if (senderOrigin !== null && isOwn(request, senderOrigin)) return;
      request.log.info({ origin, referer }, 'cross-site write refused');
      return reply.code(403).send({ statusCode: 403, error: MESSAGES.crossSiteRequest });
    });
  },
  { name: 'portal-origin', dependencies: ['portal-config'] },
);
