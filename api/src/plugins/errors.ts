import { MESSAGES, acceptLanguageTags, pickLanguage, type Language } from '@portal/domain';
import { translateMessageText, type TranslationTable } from '@portal/i18n';
// eslint-disable-next-line no-restricted-imports -- the API is no federated part; this is the table message-text.tsx loads in the browser
import germanTexts from '@portal/domain/message-translations/de.json' with { type: 'json' };
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/database-unavailable';
import { DATABASE_RETRY_AFTER_SECONDS, HttpError, isHttpError, SERVICE_UNAVAILABLE_MESSAGE } from '../errors';
import { contactLanguage } from '../services/contact-language';

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

/**
 * PostgreSQL's data exceptions (SQLSTATE class 22: a number out of its column's range, a NUL
 * character in text) are what the caller sent, not a fault of the server: SQLite stores the same
 * values, so the two databases would otherwise answer the same request 200 and 500.
 */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code);
}

/** A NUL character in any string of a body or query: never text a person typed, and PostgreSQL refuses to store it. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

/** The fixed texts of each language but English, keyed by the English text (shared/domain/src/message-translations). */
const TABLES: Readonly<Record<Exclude<Language, 'en'>, TranslationTable>> = { de: germanTexts };

/**
 * The language an error answer is read in (docs/product/languages.md): the signed-in contact's (their own, or
 * the portal's default), else the first the request's Accept-Language names that the portal speaks, else
 * English. `databaseDown`: the database is not asked.
 */
async function callerLanguage(app: FastifyInstance, request: FastifyRequest, databaseDown: boolean): Promise<Language> {
  const viewer = request.viewer as { contactId: number } | null | undefined;
  if (viewer && !databaseDown) {
    try {
      return await contactLanguage(app.db, viewer.contactId);
    } catch (error) {
      request.log.warn({ err: error }, 'language of the caller not read');
    }
  }
  return pickLanguage(acceptLanguageTags(request.headers['accept-language']));
}

/** An answer `{ statusCode, error }` with a text to translate. */
function isErrorAnswer(payload: unknown): payload is { statusCode: number; error: string } {
  return typeof payload === 'object' && payload !== null && typeof (payload as { statusCode?: unknown }).statusCode === 'number'
    && typeof (payload as { error?: unknown }).error === 'string';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The catalogue message a request-validation failure on this route answers with. */
    invalidInputMessage?: string;
  }
}

/**
 * One error handler for the API: every 4xx carries `{ statusCode, error }` with a human message
 * from the catalogue; a 5xx is logged in full and answered with a fixed text, never internals. A
 * database that cannot be reached or cannot take the request now answers 503 with Retry-After
 * (docs/architecture.md#a-database-outage): the caller may send the same request again.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // Every `{ statusCode, error }` answer, whoever wrote it (this handler, a route, the not-found handler), in
  // the caller's language: the catalogue's fixed texts by the table; a text it lacks stays as it is. English
  // answers are not touched.
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 400 || !isErrorAnswer(payload)) return payload;
    // A text no table has (a route's own words) needs no language: the database is not asked for it.
    if (!Object.values(TABLES).some((table) => Object.hasOwn(table, payload.error))) return payload;
    const language = await callerLanguage(app, request, reply.statusCode === 503);
    if (language === 'en') return payload;
    const error = translateMessageText(payload.error, TABLES[language]);
    return error === payload.error ? payload : { ...payload, error };
  });

  app.addHook('preHandler', (request, _reply, done) => {
    done(holdsNul(request.body) || holdsNul(request.query) ? new HttpError(400, MESSAGES.invalidInput) : undefined);
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isHttpError(error)) {
      return reply.code(error.statusCode).send({ statusCode: error.statusCode, error: error.message, ...(error.reauthRequired ? { reauth_required: true } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const message = catalogueMessageOf(error.validation?.[0] as IssueLike | undefined)
        ?? request.routeOptions.config.invalidInputMessage
        ?? MESSAGES.invalidInput;
      return reply.code(400).send({ statusCode: 400, error: message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      // Written as it is, not by the route's 503 schema: /api/ready's describes its own answer, and a hook before it
      // (the session read of a request with a cookie) can fail the same way.
      return reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8').serializer(JSON.stringify)
        .send({ statusCode: 503, error: SERVICE_UNAVAILABLE_MESSAGE });
    }
    if (isDataException(error)) {
      request.log.info({ err: error }, 'value refused by the database');
      return reply.code(400).send({ statusCode: 400, error: request.routeOptions.config.invalidInputMessage ?? MESSAGES.invalidInput });
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
