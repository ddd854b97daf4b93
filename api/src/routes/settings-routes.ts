import { publicSettings } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** The server settings the public screens show, read at run time (remotes are built once). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/settings/public',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'The kickoff-meeting link (KICKOFF_URL) and the support address (SUPPORT_EMAIL)',
        response: { 200: publicSettings },
      },
    },
    async () => ({ kickoff_url: app.config.kickoffUrl, support_email: app.config.supportEmail }),
  );
}
