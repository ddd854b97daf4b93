import { z } from 'zod';
import { API_TOKEN_ACCESS, API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX } from '@portal/domain';
import { id, isoDate } from './common';

/** A personal access token as its owner's list shows it (docs/product/integrations.md#api-tokens): never the token or its hash. */
export const apiToken = z.object({
  id,
  name: z.string(),
  access: z.enum(API_TOKEN_ACCESS),
  company_id: id.nullable(),
  company_name: z.string().nullable(),
  date_created: isoDate,
  /** null: never expires. */
  expires_at: isoDate.nullable(),
  last_used_at: isoDate.nullable(),
  last_used_address: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;

/** POST /account/api-tokens: `expires_at` an ISO date-time in the future, or null for never (apiTokenInputProblem). */
export const apiTokenCreate = z.object({
  name: z.string().trim().min(1, API_TOKEN_MESSAGES.nameRequired).max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  access: z.enum(API_TOKEN_ACCESS),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  company_id: z.number().int().positive().nullable().default(null),
});
export type ApiTokenCreate = z.input<typeof apiTokenCreate>;

/** The new token with its plain text, answered once: only its hash is kept. */
export const apiTokenCreated = apiToken.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreated>;
