import { z } from 'zod';

/** The JSON Schema of a zod schema's input side: what a caller may send (z.toJSONSchema, io 'input'). */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  format?: string;
}

export function inputSchemaOf(schema: unknown): JsonSchema {
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A realistic value for a field by its name (a real id, a unique e-mail), or undefined to derive one from the schema. */
export type KnownValue = (name: string) => unknown;

/**
 * A value the schema accepts; `known` fills fields whose name says what they hold. An object gets
 * its required fields, and with `withKnownOptional` also the optional ones `known` has a value for
 * (a creation whose schema requires little but whose service wants more: a ticket, a time entry).
 */
export function validValue(schema: JsonSchema, name: string, known: KnownValue, withKnownOptional = false): unknown {
  const given = known(name);
  if (given !== undefined) return given;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return validValue(branches.find((branch) => branch.type !== 'null') ?? branches[0]!, name, known, withKnownOptional);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') ?? 'null' : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      return Object.fromEntries(Object.entries(properties)
        .filter(([key]) => required.has(key) || (withKnownOptional && known(key) !== undefined))
        .map(([key, property]) => [key, validValue(property, key, known, withKnownOptional)]));
    }
    case 'array': {
      const item = schema.items ? validValue(schema.items, name, known, withKnownOptional) : 'x';
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () => item);
    }
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      return 'Fuzz value'.padEnd(schema.minLength ?? 0, '.').slice(0, schema.maxLength ?? Infinity);
    case 'integer':
    case 'number': {
      const low = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : schema.minimum ?? 1;
      return Math.min(Math.max(1, low), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'Fuzz value';
  }
}

/** A field of a body, at any depth: `['contacts', 0, 'email']`. */
export interface BodyField {
  path: (string | number)[];
  required: boolean;
}

/** Every field the body may carry, nested objects and the first item of arrays included (up to three levels). */
export function fieldsOf(schema: JsonSchema, path: (string | number)[] = []): BodyField[] {
  if (path.length >= 3) return [];
  const branches = schema.anyOf ?? schema.oneOf;
  // Of a union, the first object branch: its fields are the ones a valid base body carries.
  const object = branches ? branches.find((branch) => branch.properties) : schema.properties ? schema : undefined;
  if (object?.properties) {
    const required = new Set(object.required ?? []);
    return Object.entries(object.properties).flatMap(([key, property]) => [
      { path: [...path, key], required: required.has(key) },
      ...fieldsOf(property, [...path, key]),
    ]);
  }
  if (schema.type === 'array' && schema.items) return fieldsOf(schema.items, [...path, 0]);
  return [];
}

/** A body with one field set (or removed, for `REMOVE`); intermediate objects and arrays are created as needed. */
export const REMOVE = Symbol('remove the field');
export function withField(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy: unknown = structuredClone(body ?? {});
  let node = copy as Record<string | number, unknown>;
  for (const [index, key] of path.entries()) {
    if (index === path.length - 1) {
      if (value === REMOVE) delete node[key];
      else node[key] = value;
    } else {
      if (typeof node[key] !== 'object' || node[key] === null) node[key] = typeof path[index + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  }
  return copy;
}

/** What each field is tried with, besides a valid value and its absence. */
export const VALUE_CLASSES: readonly { name: string; value: unknown }[] = [
  // Boundaries
  { name: 'empty string', value: '' },
  { name: 'whitespace only', value: ' \t\n ' },
  { name: '10k characters', value: 'x'.repeat(10_000) },
  { name: 'zero', value: 0 },
  { name: 'minus one', value: -1 },
  { name: '2^31', value: 2 ** 31 },
  { name: '2^53', value: 2 ** 53 },
  { name: 'NaN as a string', value: 'NaN' },
  { name: 'unicode', value: 'Zoë 漢字 🎉 \u202Eevil' },
  // Wrong types
  { name: 'array', value: ['a', 1] },
  { name: 'object', value: { nested: { deeper: 1 } } },
  { name: 'null', value: null },
  { name: 'boolean', value: true },
  { name: 'number for a string', value: 12345.5 },
  // Hostile
  { name: 'script tag', value: '<script>alert(1)</script>' },
  { name: 'SQL', value: "' OR 1=1 --" },
  { name: 'path traversal', value: '../../etc/passwd' },
  { name: 'encoded NUL', value: 'a%00b\u0000c' },
];

/** Path parameter values that are not a real id. */
export const HOSTILE_IDS: readonly string[] = ['-1', '0', '999999999', 'abc', '1e3', '%2e%2e%2f'];

/** Bodies that are not JSON, or not what the content type says. */
export const MALFORMED_BODIES: readonly { name: string; contentType: string; payload: string }[] = [
  { name: 'truncated JSON', contentType: 'application/json', payload: '{"title": "x"' },
  { name: 'trailing comma', contentType: 'application/json', payload: '{"a": 1,}' },
  { name: 'empty JSON body', contentType: 'application/json', payload: '' },
  { name: 'JSON null', contentType: 'application/json', payload: 'null' },
  { name: 'JSON array', contentType: 'application/json', payload: '[1, 2]' },
  { name: 'JSON string', contentType: 'application/json', payload: '"text"' },
  { name: 'JSON number', contentType: 'application/json', payload: '12' },
  { name: 'prototype pollution', contentType: 'application/json', payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}' },
  { name: 'deep nesting', contentType: 'application/json', payload: `${'['.repeat(2000)}${']'.repeat(2000)}` },
  { name: 'text/plain', contentType: 'text/plain', payload: 'hello' },
  { name: 'form-urlencoded', contentType: 'application/x-www-form-urlencoded', payload: 'title=x&note=y' },
  { name: 'XML', contentType: 'application/xml', payload: '<a>b</a>' },
  { name: 'multipart without a boundary', contentType: 'multipart/form-data', payload: '--x\r\n' },
  { name: 'JSON in UTF-16', contentType: 'application/json; charset=utf-16', payload: '{"a": 1}' },
];
