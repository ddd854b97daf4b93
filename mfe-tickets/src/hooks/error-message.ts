import { MESSAGES } from '@portal/domain';

/** The text to show for a failed call: the server's message, else the generic one. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.ticketSaveFailed): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
