import { z } from 'zod';

export const SEARCH_OPERATORS = ['=', '!=', '<', '<=', '>', '>=', 'like', 'in'] as const;
export const searchCondition = z.object({
  field: z.string(),
  op: z.enum(SEARCH_OPERATORS).default('='),
  value: z.union([z.string(), z.number(), z.null(), z.array(z.union([z.string(), z.number()]))]),
});

const searchOrder = z.object({ field: z.string(), direction: z.enum(['asc', 'desc']).default('asc') });

/** orderBy as callers write it: 'field' or 'field desc' (any case). */
const searchOrderText = z.string().transform((text, ctx) => {
  const [field = '', direction = 'asc'] = text.trim().split(/\s+/);
  const parsed = searchOrder.safeParse({ field, direction: direction.toLowerCase() });
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: 'orderBy is "field" or "field asc|desc"' });
    return z.NEVER;
  }
  return parsed.data;
});

export const searchRequest = z.object({
  filter: z
    .object({
      conditions: z.array(searchCondition).max(20).default([]),
      joiner: z.enum(['AND', 'OR']).default('AND'),
    })
    .default({ conditions: [], joiner: 'AND' }),
  orderBy: z.union([searchOrderText, searchOrder]).optional(),
});
export type SearchRequest = z.input<typeof searchRequest>;
export const searchTypeParam = z.object({ type: z.string() });

/** One row of POST /search/:type: the type's whitelisted fields (clients see their companies' rows only). */
export const searchRow = z.record(z.string(), z.unknown());
