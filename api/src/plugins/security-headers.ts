import { randomBytes } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import fp from 'fastify-plugin';
import { parseRemotesMap } from '@portal/contract';

/**
 * The browser-facing headers of every response (docs/architecture.md#security). One place builds them: the
 * API sends them on its answers and the front-end server on the pages, assets and remotes it serves.
 */
export interface SecurityHeaderOptions {
  /** PUBLIC_URL: HSTS is sent only when it is https. */
  publicUrl: string;
  /** Origins the federation remotes are served from besides the portal's own (from the remotes map). */
  remoteOrigins?: readonly string[];
  /** The page's nonce for the `<style>` elements emotion and CodeMirror insert; only index.html has one. */
  styleNonce?: string;
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** A fresh nonce for one page: 128 random bits, base64 (a CSP nonce-source). */
export function newStyleNonce(): string {
  return randomBytes(16).toString('base64');
}

function policy(sources: string, extra: { style?: string; img?: string } = {}): string {
  const withExtra = (name: 'style' | 'img') => (extra[name] ? `${sources} ${extra[name]}` : sources);
  return [
    `default-src ${sources}`,
    `script-src ${sources}`,
    `style-src ${withExtra('style')}`,
    `font-src ${sources}`,
    `img-src ${withExtra('img')}`,
    `connect-src ${sources}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Scripts, styles, fonts, images and connections from the portal's own origin and the remotes'
 * origins only; no inline script and no eval (the Rspack and federation runtimes load chunks as
 * files); inline `<style>` only with the page's nonce; never framed; no plugins.
 */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = [], styleNonce?: string): string {
  return policy(["'self'", ...remoteOrigins].join(' '), { style: styleNonce ? `'nonce-${styleNonce}'` : undefined });
}

/**
 * The OpenAPI page (Swagger UI, under /api/docs) alone: its bundle sets inline styles and draws its
 * icons as data: images. Scripts stay the portal's own files.
 */
export function documentationPolicy(): string {
  return policy("'self'", { style: "'unsafe-inline'", img: 'data:' });
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.remoteOrigins, options.styleNonce),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
  };
  if (options.publicUrl.startsWith('https://')) headers['strict-transport-security'] = HSTS;
  return headers;
}

/**
 * The origins of a remotes map's entries other than the portal's own: an entry is a manifest URL,
 * relative (served by the portal) or absolute (another host), and its chunks come from the same origin.
 */
export function remoteOriginsOf(map: unknown, ownOrigin?: string): string[] {
  const origins = new Set<string>();
  for (const { entry } of Object.values(parseRemotesMap(map))) {
    let origin: string;
    try {
      origin = new URL(entry).origin;
    } catch {
      continue; // A relative entry is served by the portal itself.
    }
    if (origin !== 'null' && origin !== ownOrigin) origins.add(origin);
  }
  return [...origins].sort();
}

/**
 * Reads the remotes' origins from the map file at run time: the file is looked at again at most
 * every `maxAgeMs` and re-read only when it changed, so repointing a remote at another origin
 * (`npm run deploy-remote`) shows in the next page's policy without a restart.
 */
export function remoteOriginsFromFile(
  mapPath: string,
  options: { maxAgeMs?: number; ownOrigin?: string; now?: () => number } = {},
): () => readonly string[] {
  const { maxAgeMs = 1000, ownOrigin, now = Date.now } = options;
  let origins: readonly string[] = [];
  let version = '';
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    if (now() - checkedAt < maxAgeMs) return origins;
    checkedAt = now();
    let current = 'missing';
    try {
      const stats = statSync(mapPath);
      current = `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
    } catch {
      // No map yet: no remote origins.
    }
    if (current === version) return origins;
    version = current;
    try {
      origins = current === 'missing' ? [] : remoteOriginsOf(JSON.parse(readFileSync(mapPath, 'utf8')), ownOrigin);
    } catch {
      // A map being replaced or malformed: keep the last good origins; the next look reads it again.
      version = '';
    }
    return origins;
  };
}

export interface SecurityHeadersControl {
  /** Where the remotes' origins come from (the front-end server reads the remotes map); none by default. */
  useRemoteOrigins(source: () => readonly string[]): void;
  /** The headers of a response, with the page's style nonce when it is index.html. */
  headers(styleNonce?: string): Record<string, string>;
}

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: SecurityHeadersControl;
  }
}

/**
 * Sets the headers on every response at its start, on the raw response, so that a hijacked one
 * (the event stream) carries them too; a route that sets its own value (the page with its nonce)
 * wins, since Node lets the headers written with the status take precedence.
 */
export const securityHeadersPlugin = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    const ownOrigin = new URL(publicUrl).origin;
    let remoteOrigins: () => readonly string[] = () => [];
    const control: SecurityHeadersControl = {
      useRemoteOrigins(source) {
        remoteOrigins = source;
      },
      headers(styleNonce) {
        const others = remoteOrigins().filter((origin) => origin !== ownOrigin);
        return securityHeaders({ publicUrl, remoteOrigins: others, styleNonce });
      },
    };
    app.decorate('securityHeaders', control);
    // Built once per set of remote origins (the source answers the same array until the map changes), not per request.
    let builtFor: readonly string[] | null = null;
    let built: [string, string][] = [];
    app.addHook('onRequest', (_request, reply, done) => {
      const origins = remoteOrigins();
      if (origins !== builtFor) {
        builtFor = origins;
        built = Object.entries(securityHeaders({ publicUrl, remoteOrigins: origins.filter((origin) => origin !== ownOrigin) }));
      }
      for (const [name, value] of built) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'portal-security-headers' },
);
