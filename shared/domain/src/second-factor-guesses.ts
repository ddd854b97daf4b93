// How many second-factor guesses an account gets (docs/product/accounts-and-roles.md#account-security).
// A 6-digit code is guessed one try in a million; what keeps it so is the number of tries. Each code
// (app code, recovery code, or passkey answer after the password) is counted before it is judged:
// at most SECOND_FACTOR_MAX_ATTEMPTS on one sign-in, and SECOND_FACTOR_ACCOUNT_MAX_GUESSES on the
// account within an hour, across sign-ins; the last one locks the second step for
// SECOND_FACTOR_LOCK_MINUTES. A right code starts the account's count again.

/** Codes judged on one account within the window before its second step locks. */
export const SECOND_FACTOR_ACCOUNT_MAX_GUESSES = 10;
export const SECOND_FACTOR_WINDOW_MINUTES = 60;
export const SECOND_FACTOR_LOCK_MINUTES = 15;

/** One account's count as stored: times as ISO strings (UTC), compared as text. */
export interface SecondFactorGuessCount {
  attempts: number;
  /** When the counted window began. */
  windowStart: string;
  /** Set by the guess that reached the cap. */
  lockedUntil: string | null;
}

export type SecondFactorGuessClaim =
  | { kind: 'locked'; until: string }
  /** `locks`: this guess is the last one allowed; judged wrong, the account is locked (and its owner told). */
  | { kind: 'counted'; next: SecondFactorGuessCount; locks: boolean };

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

/** Is the second step of this account locked at `now`? */
export function secondFactorLockedUntil(count: SecondFactorGuessCount | undefined, now: Date): string | null {
  return count?.lockedUntil && count.lockedUntil > now.toISOString() ? count.lockedUntil : null;
}

/**
 * One more guess on the account, before it is judged: refused while locked; else counted, in a new
 * window when the last one has passed (or a lock has ended), and the guess that reaches the cap locks
 * the account from now on, so guesses sent at the same time are refused without being judged.
 */
export function claimSecondFactorGuess(count: SecondFactorGuessCount | undefined, now: Date): SecondFactorGuessClaim {
  const lockedUntil = secondFactorLockedUntil(count, now);
  if (lockedUntil) return { kind: 'locked', until: lockedUntil };
  const at = now.toISOString();
  const windowOpenSince = minutesAfter(now, -SECOND_FACTOR_WINDOW_MINUTES);
  const fresh = !count || count.windowStart <= windowOpenSince || count.lockedUntil !== null;
  const attempts = fresh ? 1 : count.attempts + 1;
  const locks = attempts >= SECOND_FACTOR_ACCOUNT_MAX_GUESSES;
  return {
    kind: 'counted',
    next: { attempts, windowStart: fresh ? at : count.windowStart, lockedUntil: locks ? minutesAfter(now, SECOND_FACTOR_LOCK_MINUTES) : null },
    locks,
  };
}
