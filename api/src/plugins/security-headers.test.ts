import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { createTestApp } from '../test-support/test-app';
import {
  contentSecurityPolicy, documentationPolicy, newStyleNonce, remoteOriginsFromFile, remoteOriginsOf, securityHeaders, securityHeadersPlugin,
} from './security-headers';

function directives(policy: string): Map<string, string> {
  return new Map(policy.split('; ').map((directive) => {
    const [name = '', ...values] = directive.split(' ');
    return [name, values.join(' ')];
  }));
}

describe('securityHeaders', () => {
  it('sends a strict policy, nosniff, a referrer policy and no framing', () => {
    const headers = securityHeaders({ publicUrl: 'http://localhost:8080' });
    expect(headers['content-security-policy']).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; font-src 'self'; img-src 'self'; connect-src 'self'; "
        + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('never allows inline script or eval', () => {
    const policy = contentSecurityPolicy(['https://cdn.example'], newStyleNonce());
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
    expect(directives(policy).get('script-src')).toBe("'self' https://cdn.example");
  });

  it('allows the remotes’ origins for scripts, styles, fonts, images and connections', () => {
    const policy = directives(contentSecurityPolicy(['https://a.example', 'http://localhost:3001']));
    for (const name of ['default-src', 'script-src', 'style-src', 'font-src', 'img-src', 'connect-src']) {
      expect(policy.get(name)).toBe("'self' https://a.example http://localhost:3001");
    }
  });

  it('allows inline styles only with the page’s nonce', () => {
    const nonce = newStyleNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newStyleNonce()).not.toBe(nonce);
    const policy = securityHeaders({ publicUrl: 'http://localhost:8080', styleNonce: nonce })['content-security-policy'] ?? '';
    expect(directives(policy).get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
  });

  it('gives the OpenAPI page inline styles and data: icons, and still no inline script', () => {
    const policy = directives(documentationPolicy());
    expect(policy.get('style-src')).toBe("'self' 'unsafe-inline'");
    expect(policy.get('img-src')).toBe("'self' data:");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('frame-ancestors')).toBe("'none'");
  });

  it('sends HSTS only when PUBLIC_URL is https', () => {
    expect(securityHeaders({ publicUrl: 'http://localhost:8080' })).not.toHaveProperty('strict-transport-security');
    expect(securityHeaders({ publicUrl: 'https://support.example.com' })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});

describe('remoteOriginsOf', () => {
  it('lists the absolute entries’ origins once, not the portal’s own nor relative entries', () => {
    const map = {
      tickets: { entry: '/remotes/tickets/1.0.0/mf-manifest.json', version: '1.0.0' },
      billing: { entry: 'https://cdn.example/billing/2/mf-manifest.json', version: '2' },
      admin: { entry: 'https://cdn.example/admin/3/mf-manifest.json', version: '3' },
      dashboards: { entry: 'http://localhost:3002/mf-manifest.json', version: 'dev' },
      settings: { entry: 'http://127.0.0.1:8080/remotes/settings/1/mf-manifest.json', version: '1' },
    };
    expect(remoteOriginsOf(map, 'http://127.0.0.1:8080')).toEqual(['http://localhost:3002', 'https://cdn.example']);
  });

  it('ignores malformed entries and maps', () => {
    expect(remoteOriginsOf({ tickets: { entry: 42 }, 'Bad Name': { entry: 'https://x.example/m.json', version: '1' } })).toEqual([]);
    expect(remoteOriginsOf('not a map')).toEqual([]);
  });
});

describe('remoteOriginsFromFile', () => {
  let dir: string;
  let mapPath: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'remotes-map-'));
    mapPath = path.join(dir, 'remotes.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const writeMap = (origin: string) => {
    const temp = `${mapPath}.tmp`;
    writeFileSync(temp, JSON.stringify({ tickets: { entry: `${origin}/tickets/mf-manifest.json`, version: origin.length.toString() } }));
    renameSync(temp, mapPath);
  };

  it('reads the map at run time, caches it briefly and sees a repointed remote after the cache age', () => {
    let clock = 0;
    const origins = remoteOriginsFromFile(mapPath, { maxAgeMs: 1000, now: () => clock });
    expect(origins()).toEqual([]);
    writeMap('https://one.example');
    clock = 500;
    expect(origins()).toEqual([]);
    clock = 1500;
    expect(origins()).toEqual(['https://one.example']);
    writeMap('https://second.example');
    clock = 3000;
    expect(origins()).toEqual(['https://second.example']);
  });

  it('keeps the last good origins while the file is malformed', () => {
    let clock = 0;
    const origins = remoteOriginsFromFile(mapPath, { maxAgeMs: 0, now: () => (clock += 1) });
    writeMap('https://one.example');
    expect(origins()).toEqual(['https://one.example']);
    writeFileSync(mapPath, '{ half');
    expect(origins()).toEqual(['https://one.example']);
  });
});

describe('securityHeadersPlugin', () => {
  async function appWith(publicUrl: string) {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { publicUrl });
    app.get('/thing', async () => ({ ok: true }));
    app.get('/page', async (_request, reply) => {
      const headers = app.securityHeaders.headers('page-nonce');
      return reply.header('content-security-policy', headers['content-security-policy']).type('text/html').send('<p>page</p>');
    });
    app.get('/failing', async () => {
      throw new Error('boom');
    });
    return app;
  }

  it('puts the headers on answers, errors and not-found replies', async () => {
    const app = await appWith('http://localhost:8080');
    for (const url of ['/thing', '/failing', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers).not.toHaveProperty('strict-transport-security');
    }
    await app.close();
  });

  it('lets a page send its own nonce and adds the remotes’ origins it is given', async () => {
    const app = await appWith('https://support.example.com');
    app.securityHeaders.useRemoteOrigins(() => ['https://cdn.example', 'https://support.example.com']);
    const page = await app.inject({ url: '/page' });
    expect(page.headers['content-security-policy']).toContain("style-src 'self' https://cdn.example 'nonce-page-nonce'");
    expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const answer = await app.inject({ url: '/thing' });
    expect(answer.headers['content-security-policy']).toContain("script-src 'self' https://cdn.example;");
    await app.close();
  });

  it('builds the headers once per set of remote origins and follows a repointed remote on the next answer', async () => {
    const app = await appWith('https://support.example.com');
    let origins: readonly string[] = ['https://cdn.example'];
    app.securityHeaders.useRemoteOrigins(() => origins);
    expect((await app.inject({ url: '/thing' })).headers['content-security-policy']).toContain("script-src 'self' https://cdn.example;");
    expect((await app.inject({ url: '/thing' })).headers['content-security-policy']).toContain("script-src 'self' https://cdn.example;");
    origins = ['https://other-cdn.example'];
    const repointed = (await app.inject({ url: '/thing' })).headers['content-security-policy'];
    expect(repointed).toContain("script-src 'self' https://other-cdn.example;");
    expect(repointed).not.toContain('https://cdn.example');
    await app.close();
  });

  it('is on every API answer of the portal', async () => {
    const t = await createTestApp();
    try {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.headers['content-security-policy']).toContain("default-src 'self'");
      expect(health.headers['x-frame-options']).toBe('DENY');
      const refused = await t.app.inject({ url: '/api/auth/me' });
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      const docs = await t.app.inject({ url: '/api/docs/' });
      expect(docs.statusCode).toBe(200);
      expect(docs.headers['content-security-policy']).toBe(documentationPolicy());
      expect(health.headers['content-security-policy']).not.toContain('unsafe-inline');
    } finally {
      await t.close();
    }
  });
});
