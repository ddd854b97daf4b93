import { http, HttpResponse, type HttpResponseResolver, type JsonBodyType, type PathParams } from 'msw';
import * as contract from '@portal/contract';
import type { Endpoint, JsonEndpoint, ParsedBodyOf, PathParamNames, SchemaName, TableEndpoint } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';

interface Schema<T> {
  parse(data: unknown): T;
  safeParse(data: unknown): { success: true; data: T } | { success: false; error?: { issues: readonly { message: string }[] } };
}

const CATALOGUE: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/** The MSW path of an API route, on any origin: apiPath('/ticket/:id') matches http://…/api/ticket/12. */
export const apiPath = (path: string) => `*/api${path}`;

/**
 * The path of one of the mock API's own handlers: apiPath with every id parameter (`:id`,
 * `:task_id`, `:messageId`, ...) matching digits only, as the API's id parameters do. So `/ticket/:id`
 * never answers `/ticket/bulk`, nor `/company/:id` `/company/search` or `/company/-1/...`, nor
 * `/sendmail/:messageId` `/sendmail/templates`, and no two handlers answer the same request whatever
 * order they are composed in.
 */
// The portal's ids are numbers; an accounting customer's id is the accounting service's own text.
export const apiRoute = (path: string) => apiPath(path.replace(/:(id|[a-z]+_id|(?!customerId)[a-z]+Id)(?=\/|$)/g, ':$1(\\d+)'));

/**
 * The mock handler of an endpoint of the table (docs/decisions/0018-each-endpoint-defined-once.md):
 * its method on its path, as apiRoute matches it. `mock(timeEndpoints.ticketTime, ({ params }) => …)`.
 */
export function mock<E extends TableEndpoint>(endpoint: E, resolver: HttpResponseResolver<PathParams<PathParamNames<E['path']>>>) {
  const method = endpoint.method.toLowerCase() as Lowercase<Endpoint['method']>;
  return http[method](apiRoute(endpoint.path), resolver);
}

const arrays = new WeakMap<object, Schema<unknown>>();

/** The schema an endpoint names for its answer (an array of it when `many`), or for its body. */
function schemaOf(endpoint: Endpoint, part: 'answer' | 'body'): Schema<unknown> {
  const name = endpoint[part];
  if (name === undefined) throw new Error(`${endpoint.method} ${endpoint.path} has no ${part} schema.`);
  const schema = contract[name] as unknown as Schema<unknown> & { array(): Schema<unknown> };
  if (part === 'body' || !endpoint.many) return schema;
  let array = arrays.get(schema);
  if (!array) arrays.set(schema, (array = schema.array()));
  return array;
}

/** The endpoint's answer: `body` checked by its answer schema (a body it refuses throws in the handler), at its status. */
export function answer(endpoint: JsonEndpoint, body: unknown) {
  return reply(schemaOf(endpoint, 'answer'), body, endpoint.status ?? 200);
}

/** An answer checked against the contract: a body the schema refuses throws in the handler. */
export function reply<T>(schema: { parse(data: unknown): T }, body: unknown, status = 200) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, { status });
}

/** The API's error answer: `{ statusCode, error }` with a human message. */
export function errorAnswer(status: number, message: string, extra: { reauth_required?: true } = {}) {
  return HttpResponse.json(contract.errorBody.parse({ statusCode: status, error: message, ...extra }), { status });
}

export const notFound = (what = 'No results found.') => errorAnswer(404, what);

type ReadBody<T> = Promise<{ ok: true; body: T } | { ok: false; answer: Response }>;

/**
 * Reads a JSON body with the endpoint's body schema (or a schema of the contract); a body it refuses
 * is a 400, as from the API: the catalogue message of the first issue, else the route's `invalidMessage`.
 */
export async function readBody<E extends Endpoint & { readonly body: SchemaName }>(request: Request, endpoint: E, invalidMessage?: string): ReadBody<ParsedBodyOf<E>>;
export async function readBody<T>(request: Request, schema: Schema<T>, invalidMessage?: string): ReadBody<T>;
export async function readBody(
  request: Request, from: Schema<unknown> | Endpoint, invalidMessage = 'The request does not match the contract.',
): ReadBody<unknown> {
  const schema = 'method' in from ? schemaOf(from, 'body') : from;
  const text = await request.text();
  let json: unknown;
  try {
    json = text === '' ? {} : (JSON.parse(text) as unknown);
  } catch {
    return { ok: false, answer: errorAnswer(400, 'The request body is not JSON.') };
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return { ok: true, body: parsed.data };
  const first = parsed.error?.issues[0]?.message;
  return { ok: false, answer: errorAnswer(400, first !== undefined && CATALOGUE.has(first) ? first : invalidMessage) };
}

export function idParam(params: PathParams, name = 'id'): number {
  return Number(params[name]);
}

export function nextId<T>(rows: readonly T[], idOf: (row: T) => number): number {
  return rows.reduce((max, row) => Math.max(max, idOf(row)), 0) + 1;
}

export const toNumber = (value: number | string) => Number(value);
export const toFlag = (value: number | string | boolean): 0 | 1 => (Number(value) ? 1 : 0);
/** A nullable field of a request body: null, empty or the text 'null'. */
export const isNull = (value: unknown) => value === null || value === '' || value === 'null';
export const nowIso = () => new Date().toISOString();
