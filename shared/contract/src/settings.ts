import { z } from 'zod';
import { CURRENCIES, LANGUAGES } from '@portal/domain';

/**
 * GET /settings/public: the server's settings the public screens show (the registration welcome
 * step's kickoff link, the support address of the reset-code problem screen). Remotes are built
 * once and deployed anywhere, so these are read at run time, never built in.
 */
export const publicSettings = z.object({
  kickoff_url: z.string().nullable(),
  support_email: z.string(),
  /** The portal's default language and the agency's invoicing currency (docs/product/languages.md). */
  language: z.enum(LANGUAGES).optional(),
  currency: z.enum(CURRENCIES).optional(),
});
export type PublicSettings = z.infer<typeof publicSettings>;
