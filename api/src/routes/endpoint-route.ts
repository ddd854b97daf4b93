import * as contract from '@portal/contract';
import type {
  AnswerInputOf, Endpoint, ParsedBodyOf, ParsedParamsOf, ParsedQueryOf, SchemaName, TableEndpoint,
} from '@portal/contract/endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, RouteHandlerMethod, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { errorResponses } from './route-helpers';

/** What a route adds to its endpoint: its OpenAPI words, its error statuses, its config and hooks. */
export interface EndpointRouteOptions extends Omit<RouteShorthandOptions, 'schema'> {
  tags: string[];
  summary: string;
  description?: string;
  /** The error statuses it may answer, each `{ statusCode, error }` (errorResponses). */
  errors?: number[];
  /** Answers of other statuses with a body of their own (readiness's 503), by status. */
  otherAnswers?: Record<number, z.ZodType>;
  /** Anything else for the OpenAPI page (`hide`, `consumes`…). */
  schema?: Omit<FastifySchema, 'params' | 'querystring' | 'body' | 'response'> & Record<string, unknown>;
}

/** The request of an endpoint's route, its parameters, query and body parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParsedParamsOf<E>;
  Querystring: ParsedQueryOf<E>;
  Body: ParsedBodyOf<E>;
}>;

/** A route's handler: the answer (serialized by the endpoint's answer schema), or the reply it sent itself. */
export type EndpointHandler<E extends Endpoint> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<(E extends { readonly answer: SchemaName } ? AnswerInputOf<E> : unknown) | FastifyReply>;

const schemaNamed = (name: SchemaName) => contract[name] as z.ZodType;

/**
 * Registers the route of an endpoint of @portal/contract/endpoints (docs/decisions/0018-each-endpoint-defined-once.md):
 * its method and url, and its params, querystring, body and answer (at the endpoint's status)
 * schemas, taken from the contract by name; the route adds its tags, summary, error statuses,
 * config and handler. An answer of the endpoint's status is sent with `reply.code(status)` here.
 */
export function endpointRoute<E extends TableEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  { tags, summary, description, errors = [], otherAnswers = {}, schema: extra, ...options }: EndpointRouteOptions,
  handler: EndpointHandler<E>,
): void {
  const { method, path, params, query, body, answer: answerName, many, status: created }: Endpoint = endpoint;
  const status: number = created ?? 200;
  const answer = answerName === undefined ? undefined : many ? z.array(schemaNamed(answerName)) : schemaNamed(answerName);
  const schema: FastifySchema = {
    tags,
    summary,
    ...(description === undefined ? {} : { description }),
    ...extra,
    ...(params === undefined ? {} : { params: schemaNamed(params) }),
    ...(query === undefined ? {} : { querystring: schemaNamed(query) }),
    ...(body === undefined ? {} : { body: schemaNamed(body) }),
    ...(answer === undefined && errors.length === 0 && Object.keys(otherAnswers).length === 0
      ? {}
      : { response: { ...(answer === undefined ? {} : { [status]: answer }), ...errorResponses(...errors), ...otherAnswers } }),
  };
  const handle = handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  app.route({
    ...options,
    method,
    url: path,
    schema,
    handler: (status === 200
      ? handle
      : async (request: FastifyRequest, reply: FastifyReply) => {
        reply.code(status);
        return handle(request, reply);
      }) as RouteHandlerMethod,
  });
}
