import type Fastify from 'fastify';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/** One route as registered: its method, its URL pattern (`/api/ticket/:id`) and its schema (zod). */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `METHOD /api/path`: how the matrix and the fuzz name a route. */
  key: string;
  schema: FastifySchema | undefined;
}

const recorded = new WeakMap<FastifyInstance, RouteOptions[]>();

/**
 * createPortalApi builds its own Fastify instance and registers every route before it returns, so
 * the only place to listen for `onRoute` is the instance's birth. A test file replaces the
 * `fastify` module with this wrapper before anything imports it:
 *
 *   jest.mock('fastify', () => jest.requireActual('./test-support/route-table').recordingFastify(jest.requireActual('fastify')));
 */
export function recordingFastify(actual: typeof Fastify): typeof Fastify {
  const create = actual as unknown as (...args: unknown[]) => FastifyInstance;
  const wrapped = ((...args: unknown[]) => {
    const app = create(...args);
    const routes: RouteOptions[] = [];
    recorded.set(app, routes);
    app.addHook('onRoute', (options) => {
      routes.push(options);
    });
    return app;
  }) as typeof Fastify;
  return Object.assign(wrapped, actual, { default: wrapped, fastify: wrapped });
}

// The swagger UI's own files and pages (its HTML, static assets, OAuth and UI config): not the
// API. The OpenAPI document itself (/api/docs/json, /api/docs/yaml) is.
const SWAGGER_UI = /^\/api\/docs(\/|$)(?!json$|yaml$)/;

/** Every route of the API under /api, one per method and pattern, without HEAD twins and the swagger UI. */
export function apiRoutes(app: FastifyInstance): RegisteredRoute[] {
  const options = recorded.get(app);
  if (!options) throw new Error('routes were not recorded: mock `fastify` with recordingFastify before importing the app');
  const byKey = new Map<string, RegisteredRoute>();
  for (const route of options) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const url = route.url;
      if (method === 'HEAD' || !url.startsWith('/api/') || SWAGGER_UI.test(url)) continue;
      const key = `${method} ${url}`;
      if (!byKey.has(key)) byKey.set(key, { method, url, key, schema: route.schema });
    }
  }
  return [...byKey.values()].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
}

/**
 * The registered route a concrete request reaches, as the router would choose: a static segment
 * beats a parameter, and `:name` in the request (a placeholder in a matrix row) fits a parameter only.
 */
export function routeFor(routes: readonly RegisteredRoute[], method: string, url: string): RegisteredRoute | undefined {
  const segments = url.split('?')[0]!.split('/');
  const candidates = routes.filter((route) => {
    if (route.method !== method) return false;
    const pattern = route.url.split('/');
    return pattern.length === segments.length && pattern.every((part, i) => {
      const given = segments[i]!;
      if (part.startsWith(':')) return given !== '';
      return !given.startsWith(':') && part === given;
    });
  });
  // Most static segments first, compared left to right (find-my-way's priority).
  const weight = (route: RegisteredRoute) => route.url.split('/').map((part) => (part.startsWith(':') ? '0' : '1')).join('');
  return candidates.sort((a, b) => weight(b).localeCompare(weight(a)))[0];
}
