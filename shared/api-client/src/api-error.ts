import { MESSAGES } from '@portal/domain';

/** A failed call: `status` is the HTTP status (0 when the server was never reached), `message` is for people. */
export class ApiError extends Error {
  readonly status: number;
  /** The server asks for the password (or a factor) again before this change (docs/product/accounts-and-roles.md#sensitive-changes). */
  readonly reauthRequired: boolean;

  constructor(status: number, message: string, options: { reauthRequired?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.reauthRequired = options.reauthRequired === true;
  }
}

/** A failed call the password dialog answers: give the password again, then try once more. */
export function isReauthRequired(error: unknown): error is ApiError {
  return isApiError(error) && error.reauthRequired;
}

// The client's own words for a call that failed on the way: fixed texts of the catalogue, so screens show them in the
// reader's language (useMessageText).
export const TIMEOUT_MESSAGE = MESSAGES.requestTimedOut;
export const NETWORK_MESSAGE = MESSAGES.serverUnreachable;
export const BAD_RESPONSE_MESSAGE = MESSAGES.answerNotUnderstood;

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The text to show a person for a failed call: the server's (or the client's) message of an
 * ApiError, else `fallback`, by default the catalogue's generic message. Other errors are bugs,
 * never shown as they are.
 */
export function errorMessage(error: unknown, fallback: string = MESSAGES.unexpectedError): string {
  return isApiError(error) && error.message ? error.message : fallback;
}
