import { HttpResponse, type JsonBodyType, type PathParams } from 'msw';
import { errorBody } from '@portal/contract';
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
 * `:task_id`, ...) matching digits only, as the API's id parameters do. So `/ticket/:id` never
 * answers `/ticket/bulk`, nor `/company/:id` `/company/search` or `/company/-1/...`, and no two
 * handlers answer the same request whatever order they are composed in.
 */
export const apiRoute = (path: string) => apiPath(path.replace(/:(id|[a-z]+_id)(?=\/|$)/g, ':$1(\\d+)'));

/** An answer checked against the contract: a body the schema refuses throws in the handler. */
export function reply<T>(schema: { parse(data: unknown): T }, body: unknown, status = 200) {
  return HttpResponse.json(schema.parse(body) as JsonBodyType, { status });
}

/** The API's error answer: `{ statusCode, error }` with a human message. */
export function errorAnswer(status: number, message: string) {
  return HttpResponse.json(errorBody.parse({ statusCode: status, error: message }), { status });
}

export const notFound = (what = 'No results found.') => errorAnswer(404, what);

/**
 * Reads a JSON body with the contract's request schema; a body it refuses is a 400, as from the
 * API: the catalogue message of the first issue, else the route's `invalidMessage`.
 */
export async function readBody<T>(
  request: Request, schema: Schema<T>, invalidMessage = 'The request does not match the contract.',
): Promise<{ ok: true; body: T } | { ok: false; answer: Response }> {
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
