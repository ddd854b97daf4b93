import { MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isHttpError } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue message a request-validation failure on this route answers with. */
    invalidInputMessage?: string;
  }
}

/**
 * One error handler for the API: every 4xx carries `{ statusCode, error }` with a human message
 * from the catalogue; a 5xx is logged in full and answered with a fixed text, never internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isHttpError(error)) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const message = request.routeOptions.config.invalidInputMessage ?? MESSAGES.invalidInput;
      return reply.code(400).send({ statusCode: 400, error: message });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply.code(429).send({ statusCode: 429, error: MESSAGES.tooManyLogins });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      request.log.info({ err: error }, 'request rejected');
      return reply.code(status).send({ statusCode: status, error: MESSAGES.invalidInput });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ statusCode: 500, error: MESSAGES.unexpectedError });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ statusCode: 404, error: MESSAGES.noResultsFound });
  });
}
