import { settingsEndpoints as api } from '@portal/contract/endpoints';
import type { FastifyInstance } from 'fastify';
import { localeOption } from '../services/option-defaults';
import { endpointRoute } from './endpoint-route';

/** The server settings the public screens show, read at run time (remotes are built once). */
export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.publicSettings,
    {
      tags: ['system'],
      summary: "The kickoff-meeting link (KICKOFF_URL), the support address (SUPPORT_EMAIL), the portal's default language and the agency's currency",
      config: { public: true },
    },
    async () => {
      const { language, currency } = await localeOption(app.repos.options);
      return { kickoff_url: app.config.kickoffUrl, support_email: app.config.supportEmail, language, currency };
    },
  );
}
