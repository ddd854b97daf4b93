import { settingsEndpoints as api } from '@portal/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { endpointRoute } from './endpoint-route';

/** The server settings the public screens show, read at run time (remotes are built once). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.publicSettings,
    {
      tags: ['system'],
      summary: 'The kickoff-meeting link (KICKOFF_URL) and the support address (SUPPORT_EMAIL)',
      config: { public: true },
    },
    async () => ({ kickoff_url: app.config.kickoffUrl, support_email: app.config.supportEmail }),
  );
}
