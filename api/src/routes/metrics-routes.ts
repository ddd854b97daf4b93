import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// GET /metrics (docs/operations.md#metrics-and-health), outside /api: Prometheus scrapes it. Open to a caller on this machine,
// judged by the socket's own address (never X-Forwarded-For, which TRUST_PROXY would believe), and to anyone with
// METRICS_TOKEN as a bearer token.

export const METRICS_PATH = '/metrics';

export const METRICS_MESSAGES = {
  noToken: 'Metrics are open to this machine only, or with METRICS_TOKEN as a bearer token (Authorization: Bearer …).',
  notConfigured: 'Metrics are open to this machine only: set METRICS_TOKEN to read them from elsewhere.',
  wrongToken: 'This is not the METRICS_TOKEN.',
} as const;

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A request a proxy forwarded: it comes from the proxy's loopback address, but not from this machine's operator. A
 * proxy on the same machine that adds none of these headers makes /metrics public: docs/operations.md#metrics-and-health says
 * to set METRICS_TOKEN or not to pass /metrics on.
 */
function forwarded(request: FastifyRequest): boolean {
  const { headers } = request;
  return headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined || headers['x-real-ip'] !== undefined;
}

/** Equal in constant time, whatever the lengths (both are hashed first). */
export function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null;
  return match?.[1]?.trim();
}

export async function metricsRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    METRICS_PATH,
    // Scraped every few seconds: logged at warn only; not in the OpenAPI page (it is not part of /api).
    { logLevel: 'warn', schema: { hide: true } },
    async (request, reply) => {
      const expected = app.config.metricsToken;
      const given = bearerOf(request);
      const allowed = (expected !== undefined && given !== undefined && sameToken(given, expected))
        || (isLoopback(request.raw.socket.remoteAddress) && !forwarded(request));
      if (!allowed) {
        reply.header('cache-control', 'no-store');
        if (given !== undefined && expected !== undefined) return reply.code(403).send({ statusCode: 403, error: METRICS_MESSAGES.wrongToken });
        if (expected === undefined) return reply.code(403).send({ statusCode: 403, error: METRICS_MESSAGES.notConfigured });
        return reply
          .code(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ statusCode: 401, error: METRICS_MESSAGES.noToken });
      }
      const text = await app.metrics.scrape();
      return reply.header('cache-control', 'no-store').type(app.metrics.contentType).send(text);
    },
  );
}
