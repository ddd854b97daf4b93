import { z } from 'zod';

/**
 * GET /settings/public: the server's settings the public screens show (the registration welcome
 * step's kickoff link, the support address of the reset-code problem screen). Remotes are built
 * once and deployed anywhere, so these are read at run time, never built in.
 */
export const publicSettings = z.object({
  kickoff_url: z.string().nullable(),
  support_email: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettings>;
