import { MESSAGES } from '@portal/domain';
import { ApiError, errorMessage, NETWORK_MESSAGE } from './api-error';

describe('errorMessage', () => {
  it("shows an ApiError's message, the server's or the client's own", () => {
    expect(errorMessage(new ApiError(403, 'You cannot do that.'))).toBe('You cannot do that.');
    expect(errorMessage(new ApiError(0, NETWORK_MESSAGE))).toBe(NETWORK_MESSAGE);
  });

  it("falls back to the catalogue's generic message, or the one given, for anything else", () => {
    expect(errorMessage(new TypeError('x is undefined'))).toBe(MESSAGES.unexpectedError);
    expect(errorMessage(undefined)).toBe(MESSAGES.unexpectedError);
    expect(errorMessage(new ApiError(500, ''), MESSAGES.ticketSaveFailed)).toBe(MESSAGES.ticketSaveFailed);
  });
});
