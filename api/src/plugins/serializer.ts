import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import fastJson from 'fast-json-stringify';
import { toJSONSchema } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';

function resolveSchema(maybeSchema: unknown): $ZodType {
  if (maybeSchema instanceof $ZodType) return maybeSchema;
  const properties = (maybeSchema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new InvalidSchemaError(JSON.stringify(maybeSchema));
}

type JsonSchema = Record<string, unknown>;
const PRIMITIVES = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * The zod schema's JSON Schema, shaped for fast-json-stringify: `additionalProperties: false` is
 * left out (fast-json-stringify writes only the listed properties anyway, and with it a union of
 * objects would match no branch for a row with extra columns), and `X | null` of a primitive becomes
 * one `type: [X, 'null']` instead of an `anyOf` checked at run time.
 */
function forSerialization(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(forSerialization);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node as JsonSchema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    out[key] = forSerialization(value);
  }
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && PRIMITIVES.has(other.type) && !('anyOf' in other)) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

type Write = (data: unknown) => string;
/** Compiled functions by JSON Schema text: the same shape (the error answers, a list's item) is compiled once per process, whatever app or route asks. */
const compiled = new Map<string, Write | null>();

/**
 * The answer's schema compiled into a fast-json-stringify function, or null when the schema has no
 * JSON Schema form (a transform, a date): those answers keep the zod path.
 */
export function compileFastSerializer(schema: $ZodType): Write | null {
  let json: unknown;
  try {
    json = toJSONSchema(schema as never, { target: 'draft-7', io: 'output', unrepresentable: 'throw', cycles: 'ref', reused: 'inline' });
  } catch {
    return null;
  }
  const text = JSON.stringify(json);
  let write = compiled.get(text);
  if (write === undefined) {
    try {
      write = fastJson(forSerialization(json) as never) as Write;
    } catch {
      write = null; // a JSON Schema fast-json-stringify does not take: the zod path
    }
    compiled.set(text, write);
  }
  return write;
}

/** The checked path: zod's parse (types checked, unknown keys dropped), then JSON.stringify. */
function checkedSerializer(schema: $ZodType, method: string, url: string): (data: unknown) => string {
  return (data) => {
    const result = safeParse(schema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
}

/**
 * Answers are written through each route's response schema from @portal/contract, compiled once per
 * route into a fast-json-stringify function: only the listed fields go out (a stray column, a hash,
 * never leaks) in the contract's shape, without a zod parse and a JSON.stringify per answer (on the
 * polled reads they cost as much as the query). fast-json-stringify drops unknown keys but coerces
 * rather than rejects a wrong type, so with `check` (tests and development) every answer is also
 * parsed by zod, which throws on a wrong type, and the two texts must hold the same JSON (keys may
 * come in another order): the whole API test suite proves the fast path writes what the checked one
 * would. Schemas with no JSON Schema form keep the checked path.
 */
export function createResponseSerializerCompiler(options: { check: boolean; zodOnly?: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema: maybeSchema, method, url }) => {
    const schema = resolveSchema(maybeSchema);
    const checked = checkedSerializer(schema, method, url);
    // Compiled on the route's first answer with this status, not at start: most statuses of most
    // routes never answer in a test app, and a start stays as quick as before.
    let fast: Write | null | undefined = options.zodOnly ? null : undefined;
    return (data) => {
      if (fast === undefined) fast = compileFastSerializer(schema);
      if (!fast) return checked(data);
      if (!options.check) return fast(data);
      const expected = checked(data);
      const written = fast(data);
      if (written !== expected && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: the compiled serializer wrote ${written} where the zod path writes ${expected}`);
      }
      return written;
    };
  };
}

const environment = process.env.NODE_ENV;
/** PORTAL_CHECK_ANSWERS=1 checks every answer outside tests too; =zod writes through zod alone (the former path, to measure against). */
const checkAnswers = process.env.PORTAL_CHECK_ANSWERS;
export const responseSerializerCompiler = createResponseSerializerCompiler({
  check: environment === 'test' || environment === 'development' || checkAnswers === '1',
  zodOnly: checkAnswers === 'zod',
});
