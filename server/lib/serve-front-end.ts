import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { newStyleNonce, remoteOriginsFromFile } from '@portal/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CHANGE_SEQ_HEADER, canaryId, canSeeAdminLinks, escapeHtml, guardRoute, isStaff } from '@portal/domain';
import { parseRemotesMap } from '@portal/contract';
import { deviceCookie, newDeviceId, servedRemotesMap, visitorCanaryId, type ServedCanary } from './canary-map.js';
import { firstReads, pageHints, prerenderedPage, signedInPage, type HintSources, type PrerenderedPage } from './page-hints.js';
import { isRemoteApp, REMOTE_NAMES, type RuntimeLayout } from './paths.js';
import { layoutReleaseHost } from './release-host.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// A page with a signed-in visitor's first screen holds their name and their data: never in a shared cache.
const PERSONAL = 'private, no-cache';
// The API's session cookie (api/src/plugins/auth.ts SESSION_COOKIE).
const SESSION_COOKIE_SENT = /(?:^|;\s*)portal_session=/;
const HASHED_ASSET = /\.[0-9a-f]{8}\.(js|css|mjs)$|^assets\//;

/**
 * What the API offers the front end it serves for canary releases: its database's canaries (read per request: one
 * small table) and its judge, which acts on the map file through the host given here. A bare instance (the server's
 * tests) has none of them.
 */
type CanaryApi = Partial<Pick<FastifyInstance, 'repos' | 'releases' | 'config'>>;

/** Whom a response is written for: the canaries running and the visitor's bucket id, or none when no canary runs. */
type Visitor = NonNullable<HintSources['visitor']>;

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Only a file of a deployed build, `<remote>/<version>/…`, is served under /remotes/: never the deploy log or the
 * remotes map kept in the deploy folder (DEPLOY_DIR), nor a build being staged (a folder starting with a dot).
 */
function isDeployedFile(urlPath: string): boolean {
  const [remote, ...rest] = urlPath.split('/');
  return isRemoteApp(remote ?? '') && rest.length >= 2 && rest.every((segment) => segment !== '' && !segment.startsWith('.'));
}

/** The file's JSON, or undefined when it is not JSON (then the file is answered as it is, as without a canary). */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Resolves a URL path inside root, or undefined when it would escape it. */
function inside(root: string, urlPath: string): string | undefined {
  const file = path.resolve(root, `.${path.posix.sep}${urlPath}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

/**
 * index.html with this response's nonce in a `<meta name="csp-nonce">`: the shell gives it to the
 * emotion cache (and CodeMirror) for the `<style>` elements they insert, which the policy of this
 * response allows with the same nonce and no other inline style. Before `</head>` (after the shell's
 * own script) come the page's hints: the remotes map, preloads of the shell's start-up chunks and
 * of the remote that owns the page.
 */
async function sendPage(
  app: FastifyInstance, reply: FastifyReply, indexPath: string, hints: string, { page: prerendered, data }: FirstScreen, personalMap: boolean,
): Promise<FastifyReply> {
  const nonce = newStyleNonce();
  let html = (await readFile(indexPath, 'utf8'))
    .replace(/<head[^>]*>/i, (head) => `${head}<meta name="csp-nonce" content="${nonce}">`)
    .replace(/<\/head>/i, () => `${prerendered?.head ?? ''}${hints}${data}</head>`);
  if (prerendered) html = html.replace('<div id="root"></div>', () => `<div id="root">${prerendered.root}</div>`);
  if (prerendered?.lang) html = html.replace(/<html lang="[^"]*"/i, () => `<html lang="${prerendered.lang}"`);
  if (prerendered?.scripts) html = withOwnScripts(html, prerendered.scripts);
  return reply
    // While a canary runs, the page's remotes map and preloads are the visitor's own.
    .header('Cache-Control', prerendered?.personal || data || personalMap ? PERSONAL : REVALIDATE)
    .header('content-security-policy', app.securityHeaders.headers(nonce)['content-security-policy'])
    .type('text/html; charset=utf-8')
    .send(html);
}

/** What a page is sent with: the markup written at build time (filled for a signed-in visitor), and the data block of its reads. */
interface FirstScreen {
  page?: PrerenderedPage;
  data: string;
}

const script = (src: string) => `<script defer src="${escapeHtml(src)}"></script>`;
const scriptPreload = (href: string) => `<link rel="preload" href="${escapeHtml(href)}" as="script">`;

/**
 * A page of a remote's own (the sign-in page) runs its scripts instead of the shell's: the shell's
 * script tags leave index.html and the page's go in before `</head>`, with preloads of what its entry
 * imports first (docs/architecture.md#weight).
 */
function withOwnScripts(html: string, { run, preload }: { run: string[]; preload: string[] }): string {
  return html
    .replace(/<script\b[^>]*\bsrc="[^"]*"[^>]*><\/script>/g, '')
    .replace(/<\/head>/i, () => `${run.map(script).join('')}${preload.map(scriptPreload).join('')}</head>`);
}

function wantsPage(request: FastifyRequest, urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  return (request.headers.accept ?? '').includes('text/html') || !last.includes('.');
}

/**
 * Serves the front end on the API's instance: the remotes map (never cached, so a deploy shows on
 * the next page load), the deployed remotes (versioned, cached for good) and the shell with an SPA
 * fallback to index.html for every non-API page.
 */
export async function registerFrontEnd(app: FastifyInstance, layout: RuntimeLayout): Promise<void> {
  const shellRoot = path.resolve(layout.shellDist);
  const deployRoot = path.resolve(layout.deployDir);
  // The policy of every response names the origins the remotes map points at, read at run time.
  app.securityHeaders.useRemoteOrigins(remoteOriginsFromFile(layout.remotesMapPath));
  // Read per page: a deploy into the running portal shows on the next page load.
  const sources = { mapPath: layout.remotesMapPath, deployRoot, shellRoot };
  const api: CanaryApi = app;
  // The API's canary judge promotes into the map file and writes the deploy log file beside it (release-host.ts).
  api.releases?.useHost(layoutReleaseHost(layout));
  const canariesNow = async (): Promise<ServedCanary[]> => {
    const releases = api.repos?.releases;
    if (!releases) return [];
    try {
      return await releases.canaries();
    } catch (error) {
      // The database down: everyone is served the live map, which is the file's.
      app.log.warn({ err: error }, 'the canaries could not be read; serving the live remotes map');
      return [];
    }
  };
  /**
   * The visitor this response is written for while a canary runs (docs/deploying-a-remote.md#canary-releases): the
   * signed-in contact, else the browser's device cookie, set here when it has none.
   */
  const visitorOf = async (request: FastifyRequest, reply: FastifyReply): Promise<Visitor | undefined> => {
    const canaries = await canariesNow();
    if (canaries.length === 0) return undefined;
    const cookie = request.headers.cookie;
    const id = visitorCanaryId(request.viewer, cookie);
    if (id) return { canaries, id };
    const device = newDeviceId();
    reply.header('set-cookie', deviceCookie(device, api.config?.secureCookies ?? request.protocol === 'https'));
    return { canaries, id: canaryId({ deviceId: device }) };
  };
  // A page of a remote's own needs none of the shell's hints (the remotes map, its start-up files). A public page
  // written at build time goes without script preloads (its paint is what counts); a signed-in one gets them: its
  // data waits on the remote's code (docs/performance.md#data-with-the-page).
  const hintsFor = async (pageSources: HintSources, urlPath: string, prerendered: PrerenderedPage | undefined) =>
    prerendered?.scripts ? '' : pageHints(pageSources, urlPath, { scripts: prerendered === undefined || prerendered.personal === true });
  // A public page rendered at build time, for a visitor without a session (one with a session cookie
  // is usually sent on to a dashboard, which the sign-in page must not flash before); for a signed-in
  // visitor, their first screen, filled from their own reads through the API (docs/architecture.md#weight).
  const prerenderedFor = async (request: FastifyRequest, urlPath: string, visitorSources: HintSources): Promise<FirstScreen> => {
    const cookie = request.headers.cookie ?? '';
    if (!SESSION_COOKIE_SENT.test(cookie)) return { page: await prerenderedPage(visitorSources, urlPath), data: '' };
    const viewer = request.viewer;
    if (!viewer) return { data: '' };
    const url = request.url.startsWith('/') ? request.url : `/${request.url}`;
    // The shell's route guard, as it will rule on this page: a page it would send the visitor away from is not written.
    if (guardRoute(urlPath, { ...viewer, enrolRequired: request.enrolRequired }).kind !== 'allow') return { data: '' };
    const read = async (apiPath: string) => {
      // At the page's own change number: the first screen is as new as the page's session check (change-sequence.ts).
      const seq = request.changeSeq > 0 ? { [CHANGE_SEQ_HEADER]: String(request.changeSeq) } : {};
      const answered = await app.inject({ method: 'GET', url: `/api${apiPath}`, headers: { cookie, accept: 'application/json', ...seq } });
      if (answered.statusCode !== 200) return undefined;
      const header = (name: string) => (typeof answered.headers[name] === 'string' ? (answered.headers[name] as string) : null);
      return { body: answered.json() as unknown, etag: header('etag'), seq: header(CHANGE_SEQ_HEADER) };
    };
    // The heading and the page's data often read the same path (the ticket): once for both.
    const reads = new Map<string, ReturnType<typeof read>>();
    const answer = (apiPath: string) => {
      let answered = reads.get(apiPath);
      if (!answered) reads.set(apiPath, (answered = read(apiPath)));
      return answered;
    };
    const visitor = {
      adminLinks: canSeeAdminLinks(viewer),
      reader: { contactId: viewer.contactId, staff: isStaff(viewer.groupId) },
      read: async (apiPath: string) => (await answer(apiPath))?.body,
      answer,
    };
    // A sources object of this page's own: the shell's prerender.json is read once for the frame and the reads.
    const pageSources = { ...visitorSources };
    const [page, data] = await Promise.all([signedInPage(pageSources, url, visitor), firstReads(pageSources, url, visitor)]);
    return { page, data };
  };

  /** A page, written for its visitor: their remotes map, and the preloads and first screen of the versions in it. */
  const sendPageFor = async (request: FastifyRequest, reply: FastifyReply, indexPath: string, urlPath: string) => {
    const visitor = await visitorOf(request, reply);
    const visitorSources: HintSources = visitor ? { ...sources, visitor } : sources;
    const screen = await prerenderedFor(request, urlPath, visitorSources);
    return sendPage(app, reply, indexPath, await hintsFor(visitorSources, urlPath, screen.page), screen, visitor !== undefined);
  };

  await app.register(async (scope) => {
    // Only this scope compresses: the front end's JS is what the first page load waits for.
    await scope.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
    // Builds ship .br/.gz next to each asset (see build-worker.mjs); the rest is compressed on the fly.
    await scope.register(fastifyStatic, { root: shellRoot, serve: false, preCompressed: true });

    scope.get('/remotes.json', async (request, reply) => {
      let body = '{}';
      try {
        body = await readFile(layout.remotesMapPath, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      const visitor = await visitorOf(request, reply);
      const live = visitor ? jsonOrUndefined(body) : undefined;
      // This visitor's map: a canary in place of a live entry when their bucket is in its share.
      if (visitor && live !== undefined) body = JSON.stringify(servedRemotesMap(parseRemotesMap(live, REMOTE_NAMES), visitor.canaries, visitor.id));
      return reply.header('Cache-Control', visitor ? 'private, no-store' : 'no-store').type('application/json; charset=utf-8').send(body);
    });

    scope.get('/remotes/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      const file = isDeployedFile(request.params['*']) ? inside(deployRoot, request.params['*']) : undefined;
      if (!file || !(await isFile(file))) return reply.callNotFound();
      const isManifest = file.endsWith('.json');
      return reply
        .header('Cache-Control', isManifest ? REVALIDATE : IMMUTABLE)
        .sendFile(path.relative(deployRoot, file), deployRoot, { cacheControl: false });
    });

    scope.get('/*', async (request: FastifyRequest<{ Params: { '*': string } }>, reply: FastifyReply) => {
      const urlPath = request.params['*'];
      if (urlPath === 'api' || urlPath.startsWith('api/')) return reply.callNotFound();
      const file = urlPath ? inside(shellRoot, urlPath) : undefined;
      if (file && (await isFile(file))) {
        const relative = path.relative(shellRoot, file);
        if (relative === 'index.html') return sendPageFor(request, reply, file, '/');
        const cache = HASHED_ASSET.test(relative) ? IMMUTABLE : REVALIDATE;
        return reply.header('Cache-Control', cache).sendFile(relative, shellRoot, { cacheControl: false });
      }
      if (!wantsPage(request, urlPath)) return reply.callNotFound();
      return sendPageFor(request, reply, path.join(shellRoot, 'index.html'), `/${urlPath}`);
    });
  });
}
