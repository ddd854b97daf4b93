import { SEARCH_GROUPS, type SearchGroup } from '@portal/domain';
import { z } from 'zod';
import { id, isoDate } from './common';

// GET /search (beside POST /search/:type, the field filter): the portal's search box (docs/product/search.md). One answer with a group per kind of
// thing found; with `group`, one page of that group only.

/** A comma list of ids in a query string ("2,3"). */
const idList = z
  .string()
  .max(100)
  .regex(/^\d+(,\d+)*$/, 'Invalid input.')
  .transform((text) => text.split(',').map(Number));

export const findQuery = z.object({
  q: z.string().max(1000).default(''),
  /** One group, paged; without it, the first results of every group the viewer may search. */
  group: z.enum(SEARCH_GROUPS).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  status: idList.optional(),
  company: z.coerce.number().int().positive().optional(),
  type: z.coerce.number().int().positive().optional(),
});
/** What a screen asks GET /search for (the query string findQuery reads). */
export interface FindQuery {
  q: string;
  group?: SearchGroup;
  page?: number;
  /** Status ids, comma separated ("1,2"). */
  status?: string;
  company?: number;
  type?: number;
}

export const snippetPart = z.object({ text: z.string(), hit: z.boolean() });
export type SnippetPartAnswer = z.infer<typeof snippetPart>;

export const ticketHit = z.object({
  ticket_id: id,
  title: z.string(),
  status_id: z.number(),
  priority_id: z.number(),
  type_id: z.number(),
  company_id: id,
  company_name: z.string(),
  snippet: z.array(snippetPart),
});
export type TicketHit = z.infer<typeof ticketHit>;

export const noteHit = z.object({
  activity_id: id,
  ticket_id: id,
  title: z.string(),
  status_id: z.number(),
  priority_id: z.number(),
  company_id: id,
  company_name: z.string(),
  contact_name: z.string().nullable(),
  date_created: isoDate,
  snippet: z.array(snippetPart),
});
export type NoteHit = z.infer<typeof noteHit>;

export const companyHit = z.object({ company_id: id, name: z.string(), url: z.string().nullable() });
export type CompanyHit = z.infer<typeof companyHit>;

export const contactHit = z.object({
  contact_id: id,
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  group_id: z.number(),
  /** The first company the contact belongs to, if any. */
  company_id: id.nullable(),
});
export type ContactHit = z.infer<typeof contactHit>;

/** A group's answer: its total (tickets and notes count at most SEARCH_RANKED_MAX; `capped` when more matched) and one page. */
const found = <Item extends z.ZodTypeAny>(item: Item) => z.object({ total: z.number().int(), capped: z.boolean(), items: z.array(item) });

export const findAnswer = z.object({
  q: z.string(),
  page: z.number().int(),
  page_size: z.number().int(),
  tickets: found(ticketHit).optional(),
  notes: found(noteHit).optional(),
  companies: found(companyHit).optional(),
  contacts: found(contactHit).optional(),
});
export type FindAnswer = z.infer<typeof findAnswer>;
