import type { z } from 'zod';
// Types only: the table names the contract's schemas and never evaluates them, so a client can read
// it (build a path, pick a method) before, and without, loading the schemas.
import type * as Contract from '../index';

/** @portal/contract's exports, as a type. */
export type ContractModule = typeof Contract;

/** The name of one of @portal/contract's schemas: `'ticketTime'`, `'idParam'`. */
export type SchemaName = { [K in keyof ContractModule]: ContractModule[K] extends z.ZodType ? K : never }[keyof ContractModule];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One API route, written once: the server registers it (api/src/routes/endpoint-route.ts), the client
 * calls it (@portal/api-client's `http`) and the mock API answers it (`mock` in @portal/testing).
 * The path is the route's pattern under /api, with `:name` parameters.
 */
export interface Endpoint {
  readonly method: Method;
  readonly path: string;
  /** The path parameters' schema (coerces the text of the path). */
  readonly params?: SchemaName;
  readonly query?: SchemaName;
  readonly body?: SchemaName;
  /** The schema of the JSON answer; none for an answer that is not JSON (a file, a stream, a page). */
  readonly answer?: SchemaName;
  /** The answer is an array of `answer`. */
  readonly many?: true;
  /** The success status when it is not 200. */
  readonly status?: 201 | 202 | 204;
}

/** An endpoint answering JSON: the ones the client's `http` calls. */
export type JsonEndpoint = Endpoint & { readonly answer: SchemaName };

type SchemaNamed<N> = N extends SchemaName ? ContractModule[N] : never;
type Named<E, Part extends 'params' | 'query' | 'body' | 'answer'> = E extends { readonly [P in Part]: infer N } ? SchemaNamed<N> : never;

/** The answer as the client reads it (after parsing): `TicketTime`, `MonthlyTime[]`. */
export type AnswerOf<E extends Endpoint> = E extends { readonly many: true } ? z.output<Named<E, 'answer'>>[] : z.output<Named<E, 'answer'>>;
/** The answer as the server writes it (before serializing). */
export type AnswerInputOf<E extends Endpoint> = E extends { readonly many: true } ? z.input<Named<E, 'answer'>>[] : z.input<Named<E, 'answer'>>;

/** The body a caller sends (the schema's input: numbers may come as text), or undefined. */
export type BodyOf<E extends Endpoint> = E extends { readonly body: SchemaName } ? z.input<Named<E, 'body'>> : undefined;
/** The body as the server reads it, parsed. */
export type ParsedBodyOf<E extends Endpoint> = E extends { readonly body: SchemaName } ? z.output<Named<E, 'body'>> : undefined;

/** A field a caller may send: the schema's output type where its input is anything (`z.coerce`). */
type Sendable<In, Out> = { [K in keyof In]: unknown extends In[K] ? (K extends keyof Out ? Out[K] | undefined : In[K]) : In[K] };
/** The query a caller sends, each field optional as the schema says. */
export type QueryOf<E extends Endpoint> = E extends { readonly query: SchemaName }
  ? Sendable<z.input<Named<E, 'query'>>, z.output<Named<E, 'query'>>>
  : undefined;
/** The query as the server reads it, parsed (defaults filled). */
export type ParsedQueryOf<E extends Endpoint> = E extends { readonly query: SchemaName } ? z.output<Named<E, 'query'>> : undefined;

/** The parameter names of a path pattern: '/ticket/:id/task/:task_id' → 'id' | 'task_id'. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

type ParamsOut<E extends Endpoint> = E extends { readonly params: SchemaName } ? z.output<Named<E, 'params'>> : Record<never, never>;
/** The path parameters a caller gives: named by the path, typed by the params schema (text or number otherwise). */
export type ParamsOf<E extends Endpoint> = {
  [K in PathParamNames<E['path']>]: K extends keyof ParamsOut<E> ? ParamsOut<E>[K] : string | number;
};
/** The path parameters as the server reads them, parsed. */
export type ParsedParamsOf<E extends Endpoint> = E extends { readonly params: SchemaName } ? z.output<Named<E, 'params'>> : Record<never, never>;

/** What a call of the endpoint gives: the path's parameters, the query, the body (each only when the endpoint has one). */
export type CallOf<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never] ? { params?: undefined } : { params: ParamsOf<E> })
  & (E extends { readonly query: SchemaName } ? { query?: QueryOf<E> } : { query?: undefined })
  & (E extends { readonly body: SchemaName } ? { body: BodyOf<E> } : { body?: undefined });

/** A table of endpoints by name, as each resource's file exports it. */
export type EndpointTable = Readonly<Record<string, Endpoint>>;

type QueryScalar = string | number | boolean;
type QueryValue = QueryScalar | readonly QueryScalar[] | null | undefined;

const encodeValue = (value: QueryScalar | readonly QueryScalar[]) =>
  Array.isArray(value) ? value.map((item: QueryScalar) => encodeURIComponent(String(item))).join(',') : encodeURIComponent(String(value));

/** `?a=1&b=x&c=1,2` of the fields that are set, in the order given (a list comma-separated); '' when none is. */
export function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  const pairs = Object.entries(query ?? {}).filter((pair): pair is [string, QueryScalar | readonly QueryScalar[]] => pair[1] !== undefined && pair[1] !== null);
  return pairs.length === 0 ? '' : `?${pairs.map(([key, value]) => `${key}=${encodeValue(value)}`).join('&')}`;
}

/**
 * The path of a call under /api: the pattern with its parameters filled (each encoded) and the query
 * appended. `pathOf(timeEndpoints.ticketTime, { id: 12 })` is '/ticket/12/time'. The client's SWR keys
 * are these strings.
 */
export function pathOf<E extends Endpoint>(endpoint: E, params?: ParamsOf<E>, query?: QueryOf<E>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  const path = endpoint.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${endpoint.method} ${endpoint.path}: the parameter ${name} is missing.`);
    return encodeURIComponent(String(value));
  });
  return `${path}${queryString(query as Record<string, QueryValue> | undefined)}`;
}
