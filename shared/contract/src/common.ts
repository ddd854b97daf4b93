import { z } from 'zod';

/** ISO-8601 UTC timestamp, e.g. 2026-11-21T16:00:00.000Z. */
export const isoDate = z.string().describe('ISO-8601 UTC timestamp');
export const id = z.number().int();
export const flag = z.union([z.literal(0), z.literal(1)]);

/** Callers may send numbers as text ('1', '40'): both forms are accepted and read as a number. */
export const intLike = z.union([z.number().int(), z.string().trim().regex(/^-?\d+$/).transform(Number)]);

/** A 0/1 flag a caller may send as a number, its text or a boolean. */
export const flagLike = z
  .union([z.boolean(), intLike])
  .transform((value) => (value === true ? 1 : value === false ? 0 : value))
  .pipe(flag);

/** Null, empty (or blank) and the text 'null' all mean "no value" (docs/product/tickets.md#creating-a-ticket). */
export function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && (value.trim() === '' || value.trim() === 'null'));
}

/** A field that the caller clears with null, '' or 'null'; anything else must pass `schema`. */
export function clearable<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (isBlank(value) ? null : value), schema.nullable());
}

/** A timestamp in any form `Date` reads, stored as ISO-8601 UTC. */
export const isoInput = z.string().transform((text, ctx) => {
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'Not a date' });
    return z.NEVER;
  }
  return date.toISOString();
});

export const metaEntry = z.object({
  id,
  meta_key: z.string(),
  meta_value: z.string().nullable(),
});
export type MetaEntry = z.infer<typeof metaEntry>;

/** Every 4xx/5xx answer: `error` is a human message from the catalogue (never internals). */
export const errorBody = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  /** A sensitive change asks for the password (or a factor) again first (docs/product/accounts-and-roles.md#sensitive-changes). */
  reauth_required: z.literal(true).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const idParam = z.object({ id: z.coerce.number().int() });
export const nameParam = z.object({ name: z.string().min(1) });

export const okAnswer = z.object({ ok: z.literal(true) });
export const deletedAnswer = z.object({ deleted: z.number().int() });

/** Optional IANA zone whose calendar the answer uses; default: the server's DEFAULT_TIME_ZONE. */
export const timeZoneQuery = z.object({ time_zone: z.string().optional() });
