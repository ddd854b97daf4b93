import { LIVE_CHECK_PATH, LIVE_EVENTS_PATH, LIVE_PRESENCE_PATH, LIVE_WATCH_PATH } from '@portal/domain';
import { z } from 'zod';
import * as contract from '../index';
import { endpointTables, endpoints, eventEndpoints, pathOf, type Endpoint } from './index';

const all = Object.entries(endpoints) as [string, Endpoint][];

describe('the endpoint table', () => {
  it('names each endpoint once across the resources', () => {
    const names = Object.values(endpointTables).flatMap((table) => Object.keys(table));
    expect(names.length).toBe(new Set(names).size);
    expect(Object.keys(endpoints).sort()).toEqual([...names].sort());
  });

  it('holds each method and path once', () => {
    const routes = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(routes.length).toBe(new Set(routes).size);
  });

  it.each(all)('%s names schemas of the contract, and its params schema reads every parameter of its path', (_name, endpoint) => {
    for (const part of ['params', 'query', 'body', 'answer'] as const) {
      const name = endpoint[part];
      if (name !== undefined) expect(contract[name]).toBeInstanceOf(z.ZodType);
    }
    const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
    if (names.length === 0) return expect(endpoint.params).toBeUndefined();
    const params = contract[endpoint.params!] as z.ZodObject;
    expect(Object.keys(params.shape).sort()).toEqual([...names].sort());
  });
});

it("names the live stream's paths as @portal/domain does", () => {
  expect([eventEndpoints.liveEvents.path, eventEndpoints.liveWatch.path, eventEndpoints.liveCheck.path, eventEndpoints.livePresence.path])
    .toEqual([LIVE_EVENTS_PATH, LIVE_WATCH_PATH, LIVE_CHECK_PATH, LIVE_PRESENCE_PATH]);
});

describe('pathOf', () => {
  it('fills the parameters, encoded, and appends the query fields that are set, in order', () => {
    const endpoint = { method: 'GET', path: '/contact/:id/time', params: 'idParam', query: 'contactTimeQuery', answer: 'contactTimeEntry' } as const;
    expect(pathOf(endpoint, { id: 7 })).toBe('/contact/7/time');
    expect(pathOf(endpoint, { id: 7 }, { from: '2026-01', to: undefined, time_zone: 'Europe/Paris' })).toBe('/contact/7/time?from=2026-01&time_zone=Europe%2FParis');
    expect(pathOf({ method: 'GET', path: '/template/:name', answer: 'mailTemplate' } as const, { name: 'a b' })).toBe('/template/a%20b');
    expect(pathOf({ method: 'GET', path: '/list', query: 'staffListQuery', answer: 'staffListPage' } as const, undefined, { statuses: [1, 2], limit: 5 }))
      .toBe('/list?statuses=1,2&limit=5');
    expect(pathOf(endpoint, { id: 7 }, { from: 'a,b' })).toBe('/contact/7/time?from=a%2Cb');
  });

  it('refuses a missing parameter', () => {
    expect(() => pathOf({ method: 'GET', path: '/ticket/:id', answer: 'ticketDetail' } as const, {} as { id: number })).toThrow('id is missing');
  });
});
