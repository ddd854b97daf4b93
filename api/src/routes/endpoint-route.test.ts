jest.mock('fastify', () => jest.requireActual('../test-support/route-table').recordingFastify(jest.requireActual('fastify')));

import * as contract from '@portal/contract';
import { endpoints, type Endpoint } from '@portal/contract/endpoints';
import { z } from 'zod';
import { apiRoutes, type RegisteredRoute } from '../test-support/route-table';
import { createTestApp, type TestApp } from '../test-support/test-app';

// The server and the endpoint table (@portal/contract/endpoints, docs/decisions/0018-each-endpoint-defined-once.md)
// agree: every endpoint is registered with its method, path and schemas, and every route is an endpoint.

/** Routes of the API that are not endpoints of the table: nothing the client calls. */
const NOT_ENDPOINTS = new Set([
  // The OpenAPI document itself (the page's own files are left out by apiRoutes).
  'GET /api/docs/json',
  'GET /api/docs/yaml',
]);

let t: TestApp;
let routes: RegisteredRoute[];
beforeAll(async () => {
  t = await createTestApp();
  routes = apiRoutes(t.app);
});
afterAll(() => t.close());

const keyOf = (endpoint: Endpoint) => `${endpoint.method} /api${endpoint.path}`;
const schemaNamed = (name: keyof typeof contract) => contract[name];

describe('the endpoint table and the API', () => {
  it.each(Object.entries(endpoints) as [string, Endpoint][])('%s is registered with its method, path and schemas', (_name, endpoint) => {
    const route = routes.find((candidate) => candidate.key === keyOf(endpoint));
    expect(route?.key).toBe(keyOf(endpoint));
    const schema = route!.schema as { params?: unknown; querystring?: unknown; body?: unknown; response?: Record<number, unknown> };
    expect(schema.params).toBe(endpoint.params === undefined ? undefined : schemaNamed(endpoint.params));
    expect(schema.querystring).toBe(endpoint.query === undefined ? undefined : schemaNamed(endpoint.query));
    expect(schema.body).toBe(endpoint.body === undefined ? undefined : schemaNamed(endpoint.body));
    if (endpoint.answer === undefined) return;
    const answer = schema.response?.[endpoint.status ?? 200];
    if (endpoint.many) {
      expect(answer).toBeInstanceOf(z.ZodArray);
      expect((answer as z.ZodArray).element).toBe(schemaNamed(endpoint.answer));
    } else {
      expect(answer).toBe(schemaNamed(endpoint.answer));
    }
  });

  it('registers no route that is not an endpoint of the table', () => {
    const inTable = new Set(Object.values(endpoints).map(keyOf));
    const strays = routes
      .filter((route) => !inTable.has(route.key) && !NOT_ENDPOINTS.has(route.key))
      .map((route) => route.key);
    expect(strays).toEqual([]);
  });
});
