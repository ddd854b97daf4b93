import { z } from 'zod';

/**
 * POST /auth/email-change/undo/:code and …/confirm/:code (docs/product/accounts-and-roles.md#sensitive-changes):
 * the address the account has now, and whose it is.
 */
export const emailChangeAnswer = z.object({ email: z.string(), first_name: z.string() });
export type EmailChangeAnswer = z.infer<typeof emailChangeAnswer>;
