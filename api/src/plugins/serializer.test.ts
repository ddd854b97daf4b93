import * as contract from '@portal/contract';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { toJSONSchema, z } from 'zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { compileFastSerializer, createResponseSerializerCompiler, responseSerializerCompiler } from './serializer';

const answer = z.array(z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable().optional() }));
const serialize = responseSerializerCompiler({ schema: answer, method: 'GET', url: '/x', httpStatus: '200' });

describe('responseSerializerCompiler', () => {
  it('answers only the fields the schema lists, so a stray column (a hash, a description) never leaks', () => {
    expect(serialize([{ id: 1, name: 'A', password_hash: 'scrypt$…', description: 'long' }])).toBe('[{"id":1,"name":"A"}]');
  });

  it('still checks the answer against the schema', () => {
    let thrown: unknown;
    try {
      serialize([{ id: '1', name: 'A' }]);
    } catch (error) {
      thrown = error;
    }
    expect(isResponseSerializationError(thrown)).toBe(true);
  });

  it('accepts the { properties } form fastify passes for some responses', () => {
    const wrapped = responseSerializerCompiler({ schema: { properties: answer } as never, method: 'GET', url: '/x', httpStatus: '200' });
    expect(wrapped([{ id: 2, name: 'B', note: null }])).toBe('[{"id":2,"name":"B","note":null}]');
  });
});

describe('the compiled (fast-json-stringify) serializer', () => {
  const fastOnly = createResponseSerializerCompiler({ check: false });

  it('writes only the listed fields without zod at run time', () => {
    const write = fastOnly({ schema: answer, method: 'GET', url: '/x', httpStatus: '200' });
    expect(write([{ id: 1, name: 'A "quoted"', password_hash: 'scrypt$…', note: null }])).toBe('[{"id":1,"name":"A \\"quoted\\"","note":null}]');
    expect(compileFastSerializer(answer)).not.toBeNull();
  });

  it('in checked mode refuses an answer the contract does not allow, even one the fast path would coerce', () => {
    const checked = createResponseSerializerCompiler({ check: true })({ schema: answer, method: 'GET', url: '/x', httpStatus: '200' });
    expect(() => checked([{ id: 1.5, name: 'A' }])).toThrow();
    expect(() => checked([{ id: 1, name: 7 }])).toThrow();
  });

  it('writes the same JSON as the zod path for every schema of @portal/contract, with stray keys, nulls and optional fields', () => {
    let compared = 0;
    let fast = 0;
    for (const [name, schema] of Object.entries(contract)) {
      if (!(schema instanceof $ZodType)) continue;
      const write = compileFastSerializer(schema);
      if (!write) continue;
      fast += 1;
      const json = toJSONSchema(schema as never, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as JsonSchema;
      for (const variant of [0, 1] as const) {
        for (const sample of [fixture(json, json, variant, 0), [fixture(json, json, variant, 0)]]) {
          const target = Array.isArray(sample) ? z.array(schema) : schema;
          const parsed = safeParse(target, sample);
          if (!parsed.success) continue;
          const expected = JSON.stringify(parsed.data);
          const written = (Array.isArray(sample) ? compileFastSerializer(z.array(schema))! : write)(sample);
          // The same JSON; keys may come in another order (the schema's, where zod keeps the input's).
          expect({ name, variant, written: JSON.parse(written) as unknown }).toStrictEqual({ name, variant, written: JSON.parse(expected) as unknown });
          compared += 1;
        }
      }
    }
    expect(fast).toBeGreaterThan(150);
    expect(compared).toBeGreaterThan(400);
  });

  it('compiles the schemas of the polled reads (no fallback to the zod path)', () => {
    for (const schema of [contract.notification, contract.ticketDetail, contract.activity, contract.task, contract.attachment]) {
      expect(schema).toBeInstanceOf($ZodType);
      expect(compileFastSerializer(z.array(schema as $ZodType as never))).not.toBeNull();
    }
  });
});

type JsonSchema = Record<string, unknown>;
const TEXT = 'Quote " back\\ \u00fc \u2028 line\n<b>';

/** A value of a JSON Schema: variant 0 takes each union's first branch and every optional field, 1 the last branch and none. */
function fixture(node: JsonSchema, root: JsonSchema, variant: 0 | 1, depth: number): unknown {
  if (typeof node.$ref === 'string') {
    if (depth > 4) return null;
    const target = node.$ref.replace(/^#\/?/, '').split('/').filter(Boolean).reduce<unknown>((at, part) => (at as JsonSchema)[part], root);
    return fixture(target as JsonSchema, root, variant, depth + 1);
  }
  if ('const' in node) return node.const;
  if (Array.isArray(node.enum)) return node.enum[variant === 0 ? 0 : node.enum.length - 1];
  const branches = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (branches) return fixture(branches[variant === 0 ? 0 : branches.length - 1]!, root, variant, depth + 1);
  if (Array.isArray(node.allOf)) return fixture(node.allOf[0] as JsonSchema, root, variant, depth + 1);
  const type = Array.isArray(node.type) ? node.type[variant === 0 ? 0 : node.type.length - 1] : node.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = { stray_column: 'must not leak' };
      const required = new Set((node.required as string[] | undefined) ?? []);
      for (const [key, child] of Object.entries((node.properties as Record<string, JsonSchema> | undefined) ?? {})) {
        if (variant === 1 && !required.has(key)) continue;
        out[key] = fixture(child, root, variant, depth + 1);
      }
      if (typeof node.additionalProperties === 'object' && node.additionalProperties) {
        out.extra = fixture(node.additionalProperties as JsonSchema, root, variant, depth + 1);
        delete out.stray_column;
      }
      return out;
    }
    case 'array': {
      if (Array.isArray(node.prefixItems)) return (node.prefixItems as JsonSchema[]).map((item) => fixture(item, root, variant, depth + 1));
      if (Array.isArray(node.items)) return (node.items as JsonSchema[]).map((item) => fixture(item, root, variant, depth + 1));
      const item = (node.items as JsonSchema | undefined) ?? {};
      return depth > 6 ? [] : [fixture(item, root, variant, depth + 1), fixture(item, root, (1 - variant) as 0 | 1, depth + 1)];
    }
    case 'string':
      switch (node.format) {
        case 'email': return 'ana@example.test';
        case 'date-time': return '2026-11-26T10:00:00.000Z';
        case 'date': return '2026-11-26';
        case 'uri': case 'url': return 'https://example.test/a';
        case 'uuid': return '123e4567-e89b-42d3-a456-426614174000';
        default: return typeof node.minLength === 'number' && node.minLength > TEXT.length ? 'x'.repeat(node.minLength) : TEXT;
      }
    case 'integer': return typeof node.minimum === 'number' && node.minimum > 0 ? node.minimum + 1 : 42;
    case 'number': return typeof node.minimum === 'number' && node.minimum > 0 ? node.minimum + 0.5 : 12.25;
    case 'boolean': return variant === 0;
    case 'null': return null;
    default: return { any: TEXT };
  }
}
