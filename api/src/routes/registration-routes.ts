import { registrationEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { registerCompany, verifyEmail } from '../services/registration';
import { endpointRoute } from './endpoint-route';
import { keyedRateLimit, publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

/** The registration wizard's final call and the welcome mail's verification link: public, rate limited per address. */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.register,
    {
      tags: ['auth'],
      summary: 'Register a company with its contacts and maintenance preferences (the whole wizard, one transaction)',
      description:
        'docs/product/accounts-and-roles.md#registration. 409 for a URL another company has or an e-mail already used; each contact gets a welcome mail '
        + '(verify and set-password links) in the outbox. Rate limited per address per minute and per hour.',
      errors: [400, 409, 429, 500],
      config: { public: true, rateLimit: publicRateLimit(app) },
      // Counted once the body is valid: a form with a typo does not use up the hour.
      preHandler: keyedRateLimit(app, 'register-ip', app.config.registerRateLimit, (request) => request.ip),
    },
    async (request) => {
      const { result, changes } = await registerCompany(serviceContext(app, request), request.body, request.ip ?? null);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.verifyEmail,
    {
      tags: ['auth'],
      summary: "Verify a contact's e-mail with the code of the welcome mail's link",
      errors: [400, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.verificationCodeInvalid },
    },
    async (request) => {
      const { result, changes } = await verifyEmail(serviceContext(app, request), request.params.code);
      await app.events.publish(...changes);
      return result;
    },
  );
}
