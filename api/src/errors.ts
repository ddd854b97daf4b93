import { MESSAGES } from '@portal/domain';

/** An error whose message is safe to show: the error handler sends it as `{ statusCode, error }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A 403 the caller answers by giving the password again (docs/product/accounts-and-roles.md#sensitive-changes): sent as `reauth_required`. */
    readonly reauthRequired = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/**
 * The answer while the database is unreachable or cannot take the request (a restart, a full disk, another process
 * holding SQLite's write lock): nothing the caller did, and the same request may be sent again after
 * DATABASE_RETRY_AFTER_SECONDS. A fixed text of @portal/domain's catalogue, so it is answered in the caller's language.
 */
export const SERVICE_UNAVAILABLE_MESSAGE = MESSAGES.serviceUnavailable;

/** Retry-After of that answer: a restarted PostgreSQL takes a few seconds; sooner would only add refused requests. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
