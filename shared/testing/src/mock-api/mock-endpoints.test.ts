import { endpoints } from '@portal/contract/endpoints';
import { HttpHandler } from 'msw';
import { portalHandlers } from './create-mock-api';
import { createPortalData } from './portal-data';
import { apiRoute } from './respond';

// The mock API and the endpoint table (@portal/contract/endpoints, docs/decisions/0018-each-endpoint-defined-once.md)
// agree: each mock handler answers an endpoint of the table, with its method on its path. The API
// registers every endpoint of the table (api/src/routes/endpoint-route.test.ts), so the mock API
// answers nothing the server lacks.

const keyOf = (handler: unknown) => {
  if (!(handler instanceof HttpHandler)) throw new Error('The mock API holds HTTP handlers only.');
  return `${String(handler.info.method)} ${String(handler.info.path)}`;
};

describe('the mock API and the endpoint table', () => {
  it('answers endpoints of the table only, each with its method on its path', () => {
    const db = createPortalData();
    const inTable = new Set(Object.values(endpoints).map((endpoint) => `${endpoint.method} ${apiRoute(endpoint.path)}`));
    const strays = portalHandlers(db).map(keyOf).filter((key) => !inTable.has(key));
    expect(strays).toEqual([]);
  });
});
