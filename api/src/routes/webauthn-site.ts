import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebAuthnSite } from '../services/second-factors';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Where a passkey ceremony runs (docs/product/accounts-and-roles.md#account-security): PUBLIC_URL's
 * host and origin (and ALLOWED_ORIGINS'); a request to this machine by a local name (localhost, the
 * e2e runs, `npm start`) also uses its own, so a passkey works where the portal was opened.
 */
export function webAuthnSiteOf(app: FastifyInstance, request: FastifyRequest): WebAuthnSite {
  const publicUrl = new URL(app.config.publicUrl);
  const origins = new Set([publicUrl.origin, ...app.config.allowedOrigins]);
  const rpIDs = new Set([publicUrl.hostname]);
  let rpID = publicUrl.hostname;
  if (LOCAL_HOSTS.has(request.hostname)) {
    const own = new URL(`${request.protocol}://${request.host}`);
    origins.add(own.origin);
    rpIDs.add(own.hostname);
    rpID = own.hostname;
  }
  return { rpID, rpIDs: [...rpIDs], origins: [...origins] };
}
