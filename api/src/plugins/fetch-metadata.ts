import { MESSAGES } from '@portal/domain';
import fp from 'fastify-plugin';
import { isBearerRequest } from './bearer';
import { isApiRequest } from './canonical-path';
import { isTokenWrite, listedOrigins, originOf } from './origin';

/** Methods that change nothing: a cross-site page may still read through them what SameSite and CORS let it. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a page loads as part of itself (an `<img>`, a `<script>`, a style sheet, media, a font, a plug-in, a worker):
 * never the API. Navigations (`document`, a download) and the portal's own fetches (`empty`) are not among them.
 */
const SUBRESOURCES: ReadonlySet<string> = new Set([
  'image', 'script', 'style', 'audio', 'video', 'track', 'font', 'object', 'embed',
  'worker', 'sharedworker', 'serviceworker', 'audioworklet', 'paintworklet', 'manifest', 'xslt',
]);

function header(value: string | string[] | undefined): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim().toLowerCase();
}

/**
 * docs/architecture.md#security, the second wall beside the origin check (origin.ts): browsers say with every request
 * where it comes from (`Sec-Fetch-Site`) and what it is for (`Sec-Fetch-Dest`). Under /api (the matched route) a
 * request is refused 403 when it
 * - comes from another site (`cross-site`) and may change something (not GET, HEAD or OPTIONS), but for the writes
 *   whose authority is a token in their address (the one-click unsubscribe, which a web-mail page posts) and those
 *   whose `Origin` the operator listed (ALLOWED_ORIGINS, PUBLIC_URL's: another site of the operator's own); or
 * - is loaded as part of a page (`Sec-Fetch-Dest: image`, `script`, …): an image in a note
 *   (`![x](/api/contact/7/sendresetcode)`) makes no call in the viewer's name.
 * `same-site` passes (the dev servers on other ports of localhost), as do `same-origin`, `none` (an address typed or
 * a bookmark) and requests without the headers (older browsers, curl, other servers): the origin check and SameSite
 * cookies still stand for those.
 */
export const fetchMetadataPlugin = fp(
  async (app) => {
    const listed = listedOrigins(app.config);
    const fromListed = (origin: string | string[] | undefined) => {
      const value = Array.isArray(origin) ? origin[0] : origin;
      const sender = value === undefined ? null : originOf(value);
      return sender !== null && listed.has(sender);
    };

    app.addHook('onRequest', async (request, reply) => {
      // A bearer request is a script's, whose token is its authority (bearer.ts): what a page loads does not apply to it.
      if (!isApiRequest(request) || isBearerRequest(request)) return;
      const site = header(request.headers['sec-fetch-site']);
      const dest = header(request.headers['sec-fetch-dest']);
      const crossSiteWrite = site === 'cross-site' && !SAFE_METHODS.has(request.method) && !isTokenWrite(request) && !fromListed(request.headers.origin);
      const subresource = dest !== undefined && SUBRESOURCES.has(dest);
      if (!crossSiteWrite && !subresource) return;
      request.log.info({ site, dest, mode: request.headers['sec-fetch-mode'] }, 'fetch metadata refused');
      return reply.code(403).send({ statusCode: 403, error: MESSAGES.crossSiteRequest });
    });
  },
  { name: 'portal-fetch-metadata', dependencies: ['portal-config'] },
);
