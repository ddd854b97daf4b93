import type * as Contract from '@portal/contract';
import { pathOf, type AnswerOf, type CallOf, type Endpoint, type JsonEndpoint, type TableEndpoint } from '@portal/contract/endpoints';
import { tagAnswer } from './answer-tags';
import { CHANGE_SEQ_HEADER, MESSAGES } from '@portal/domain';
import { ApiError, BAD_RESPONSE_MESSAGE, NETWORK_MESSAGE, TIMEOUT_MESSAGE } from './api-error';
import { changeSeqHeaders, noteChangeSeq } from './change-seq';
import { forgetPrimedReads, takePrimedRead, type PrimedAnswer } from './primed-reads';

/** Anything with a zod-like `parse`: every answer goes through a @portal/contract schema. */
export interface Schema<T> {
  parse(data: unknown): T;
}

/** @portal/contract's exports: every schema an answer is checked against. */
export type ContractSchemas = typeof Contract;

/** Picks an answer's schema out of @portal/contract: `(c) => c.ticketDetail`, `(c) => c.ticket.array()`. */
export type SchemaOf<T> = (contract: ContractSchemas) => Schema<T>;

let contract: Promise<ContractSchemas> | undefined;
let loaded: ContractSchemas | undefined;

/**
 * @portal/contract, loaded with the first call rather than with the page: building its schemas takes
 * tens of milliseconds, which a first screen that asks nothing of the API (the login page) would
 * otherwise spend before its first paint.
 */
export function loadContract(): Promise<ContractSchemas> {
  contract ??= import('@portal/contract').then((module) => (loaded = module));
  return contract;
}

/** @portal/contract if a call has loaded it: a screen showing an answer can read it synchronously. */
export function loadedContract(): ContractSchemas | undefined {
  return loaded;
}

/** The ApiError of a non-2xx answer: the server's `error` text, else the catalogue's generic one (the status is the error's). */
export function failedAnswer(status: number, body: unknown, contract: ContractSchemas | undefined): ApiError {
  const parsed = contract?.errorBody.safeParse(body);
  if (!parsed?.success) return new ApiError(status, MESSAGES.requestFailed);
  return new ApiError(status, parsed.data.error, { reauthRequired: parsed.data.reauth_required === true });
}

/** The live stream's calls (watch, check, presence): POSTs that change nothing, so they keep the primed reads. */
const LIVE_STREAM_PATHS = '/events/';

export interface HttpOptions {
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** Called on any 401 except a failed login; the shell decides what a lost session means. */
  onUnauthorized?: () => void;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  /** A 401 here is an answer to show (bad credentials), not a lost session. */
  skipUnauthorizedHandler?: boolean;
}

/** The arguments of a call of `endpoint`: its parameters, query and body, which may be left out when it has none that are required. */
export type EndpointArgs<E extends Endpoint> = object extends CallOf<E> ? [call?: CallOf<E>, options?: RequestOptions] : [call: CallOf<E>, options?: RequestOptions];

/**
 * A call of the API. An endpoint of the table in @portal/contract/endpoints (no other) with its
 * `{ params, query, body }`: `http(timeEndpoints.ticketTime, { params: { id: 12 } })`, answering the
 * endpoint's answer type. Nothing else: a path or method the server does not define fails typecheck
 * (docs/decisions/0018-each-endpoint-defined-once.md).
 */
export interface Http {
  <E extends TableEndpoint & JsonEndpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<AnswerOf<E>>;
}

const arrays = new WeakMap<object, Schema<unknown>>();

/** The schema of an endpoint's answer, by its name in @portal/contract (an array of it when `many`). */
export function answerSchema(contract: ContractSchemas, endpoint: JsonEndpoint): Schema<unknown> {
  const schema = contract[endpoint.answer] as unknown as Schema<unknown> & { array(): Schema<unknown> };
  if (!endpoint.many) return schema;
  let array = arrays.get(schema);
  if (!array) arrays.set(schema, (array = schema.array()));
  return array;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttp({
  baseUrl = '/api',
  fetch: fetchImpl = globalThis.fetch.bind(globalThis),
  timeoutMs = 15000,
  onUnauthorized,
}: HttpOptions = {}): Http {
  const root = baseUrl.replace(/\/+$/, '');

  async function request<T>(method: Method, path: string, schema: SchemaOf<T>, options: RequestOptions = {}): Promise<T> {
    // Loads beside the request; a failed load is the answer's problem (BAD_RESPONSE_MESSAGE) below.
    const schemas = loadContract();
    schemas.catch(() => undefined);
    if (method !== 'GET' && !path.startsWith(LIVE_STREAM_PATHS)) forgetPrimedReads();
    const answered = (method === 'GET' ? await readAhead(path) : undefined) ?? (await send(method, path, options));
    const { status, body } = answered;

    if (status < 200 || status > 299) {
      if (status === 401 && !options.skipUnauthorizedHandler) onUnauthorized?.();
      throw failedAnswer(status, body, await schemas.catch(() => undefined));
    }
    let answer: T;
    try {
      answer = schema(await schemas).parse(body);
    } catch {
      throw new ApiError(status, BAD_RESPONSE_MESSAGE);
    }
    if (method === 'GET') tagAnswer(answer, answered.etag);
    return answer;
  }

  /** The primed answer of a GET (primed-reads.ts), when one is waiting and came back 200. */
  async function readAhead(path: string): Promise<PrimedAnswer | undefined> {
    const primed = await takePrimedRead(path)?.catch(() => undefined);
    if (primed?.status !== 200) return undefined;
    noteChangeSeq(primed.seq);
    return primed;
  }

  async function send(method: Method, path: string, options: RequestOptions): Promise<PrimedAnswer> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const hasBody = options.body !== undefined;
    try {
      const response = await fetchImpl(`${root}${path}`, {
        method,
        credentials: 'same-origin',
        headers: {
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          accept: 'application/json',
          ...changeSeqHeaders(),
        },
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: controller.signal,
      });
      const seq = response.headers.get(CHANGE_SEQ_HEADER);
      noteChangeSeq(seq);
      return { status: response.status, body: await readBody(response), etag: response.headers.get('etag'), seq };
    } catch {
      throw new ApiError(0, controller.signal.aborted ? TIMEOUT_MESSAGE : NETWORK_MESSAGE);
    } finally {
      clearTimeout(timer);
    }
  }

  return function call(endpoint: JsonEndpoint, args: { params?: object; query?: object; body?: unknown } = {}, options: RequestOptions = {}) {
    const path = pathOf(endpoint, args.params as never, args.query as never);
    return request(endpoint.method as Method, path, (contract) => answerSchema(contract, endpoint), { ...options, body: args.body });
  } as Http;
}
