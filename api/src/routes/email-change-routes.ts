import { emailChangeEndpoints as api } from '@portal/contract/endpoints';
import { STEP_UP_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { confirmEmailChange, undoEmailChange } from '../services/email-changes';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';
import { publicRateLimit } from './route-helpers';

/** An e-mail change's mailed links (docs/product/accounts-and-roles.md#sensitive-changes): public, rate limited per address. */
export async function emailChangeRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.undoEmailChange,
    {
      tags: ['auth'],
      summary: "Undo an e-mail change with the old address's link (7 days, once): the old address back, every session ended",
      errors: [400, 409, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: STEP_UP_MESSAGES.emailLinkInvalid },
    },
    async (request) => {
      const { result, changes } = await undoEmailChange(serviceContext(app, request), request.params.code, request.ip ?? null);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.confirmEmailChange,
    {
      tags: ['auth'],
      summary: "Make an e-mail change someone else asked for, with the new address's link (7 days, once)",
      errors: [400, 409, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: STEP_UP_MESSAGES.emailLinkInvalid },
    },
    async (request) => {
      const { result, changes } = await confirmEmailChange(serviceContext(app, request), request.params.code, request.ip ?? null);
      await app.events.publish(...changes);
      return result;
    },
  );
}
