import { MESSAGES } from '@portal/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isHttpError } from '../errors';

// 'Invalid input.' is left out: a route's own invalidInputMessage says more than it.
const CATALOGUE: ReadonlySet<string> = new Set(Object.values(MESSAGES).filter((text) => text !== MESSAGES.invalidInput));

interface IssueLike {
  message?: unknown;
  keyword?: unknown;
  code?: unknown;
  params?: { errors?: unknown };
  errors?: unknown;
}

/**
 * The catalogue message of the first validation issue, if it has one ('Please enter a valid
 * email.'). A union that failed as a whole (POST /company/:id/contacts) carries its branches'
 * issues: the first catalogued one among the branches' first issues is what the caller got wrong.
 */
function catalogueMessageOf(issue: IssueLike | undefined): string | undefined {
  if (!issue) return undefined;
  if (typeof issue.message === 'string' && CATALOGUE.has(issue.message)) return issue.message;
  const branches = issue.params?.errors ?? issue.errors;
  if ((issue.keyword ?? issue.code) !== 'invalid_union' || !Array.isArray(branches)) return undefined;
  for (const branch of branches) {
    const found = Array.isArray(branch) ? catalogueMessageOf(branch[0] as IssueLike | undefined) : undefined;
    if (found) return found;
  }
  return undefined;
}

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
      const message = catalogueMessageOf(error.validation?.[0] as IssueLike | undefined)
        ?? request.routeOptions.config.invalidInputMessage
        ?? MESSAGES.invalidInput;
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
