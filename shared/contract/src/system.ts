import { z } from 'zod';

/** GET /api/health: the process is alive. */
export const healthAnswer = z.object({ status: z.literal('ok') });

/** What GET /api/ready checks: the database answers, its migrations are applied, the process is not draining. */
export const readinessCheck = z.enum(['database', 'migrations', 'draining']);

/** GET /api/ready when the process should be sent requests. */
export const readyAnswer = z.object({ status: z.literal('ready') });

/** GET /api/ready's 503: which checks failed. */
export const notReadyAnswer = z.object({ status: z.literal('not ready'), failing: z.array(readinessCheck) });

/** POST /api/jobs/digests/run (not in production): run as of `at` instead of the runner's clock. */
export const jobRunRequest = z.object({
  /** Run as of this instant instead of the runner's clock (e.g. the next top of the hour). */
  at: z.iso.datetime({ offset: true }).optional(),
}).optional();

/** What one run of the digests did, and the mail it then sent. */
export const jobRunAnswer = z.object({ sent: z.number().int(), empty: z.number().int(), started: z.number().int(), mail_sent: z.number().int() });

export type ReadinessCheckName = z.infer<typeof readinessCheck>;
export type JobRunRequest = z.infer<typeof jobRunRequest>;
export type JobRunAnswer = z.infer<typeof jobRunAnswer>;
