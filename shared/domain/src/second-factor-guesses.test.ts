import {
  SECOND_FACTOR_ACCOUNT_MAX_GUESSES, SECOND_FACTOR_LOCK_MINUTES, SECOND_FACTOR_WINDOW_MINUTES, claimSecondFactorGuess, secondFactorLockedUntil,
  type SecondFactorGuessCount,
} from './second-factor-guesses';

const start = new Date('2026-11-20T10:00:00.000Z');
const minutesLater = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** `n` guesses, one a minute from `start`, each claimed on the count the one before left. */
function guesses(n: number, from: SecondFactorGuessCount | undefined = undefined) {
  let count = from;
  const claims = [];
  for (let i = 0; i < n; i += 1) {
    const claim = claimSecondFactorGuess(count, minutesLater(i));
    claims.push(claim);
    if (claim.kind === 'counted') count = claim.next;
  }
  return { claims, count };
}

describe('second-factor guesses on one account', () => {
  it('counts each guess before it is judged, and the tenth in an hour locks the second step for 15 minutes', () => {
    expect(SECOND_FACTOR_ACCOUNT_MAX_GUESSES).toBe(10);
    expect(SECOND_FACTOR_WINDOW_MINUTES).toBe(60);
    expect(SECOND_FACTOR_LOCK_MINUTES).toBe(15);
    const { claims, count } = guesses(10);
    expect(claims.map((c) => (c.kind === 'counted' ? c.next.attempts : 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(claims.map((c) => c.kind === 'counted' && c.locks)).toEqual([false, false, false, false, false, false, false, false, false, true]);
    expect(count).toEqual({ attempts: 10, windowStart: start.toISOString(), lockedUntil: minutesLater(9 + 15).toISOString() });
  });

  it('refuses every guess while locked, without counting it', () => {
    const { count } = guesses(10);
    expect(claimSecondFactorGuess(count, minutesLater(10))).toEqual({ kind: 'locked', until: minutesLater(24).toISOString() });
    expect(claimSecondFactorGuess(count, minutesLater(23.9))).toMatchObject({ kind: 'locked' });
    expect(secondFactorLockedUntil(count, minutesLater(23.9))).toBe(minutesLater(24).toISOString());
    expect(secondFactorLockedUntil(count, minutesLater(24))).toBeNull();
    expect(secondFactorLockedUntil(undefined, start)).toBeNull();
  });

  it('starts a new count once the lock has ended, even within the hour', () => {
    const { count } = guesses(10);
    expect(claimSecondFactorGuess(count, minutesLater(24))).toEqual({
      kind: 'counted', locks: false, next: { attempts: 1, windowStart: minutesLater(24).toISOString(), lockedUntil: null },
    });
  });

  it('forgets guesses older than the hour: nine, then the window passes, then nine more do not lock', () => {
    const first = guesses(9);
    expect(first.count?.attempts).toBe(9);
    const later = claimSecondFactorGuess(first.count, minutesLater(60));
    expect(later).toEqual({ kind: 'counted', locks: false, next: { attempts: 1, windowStart: minutesLater(60).toISOString(), lockedUntil: null } });
    const within = claimSecondFactorGuess(first.count, minutesLater(59.9));
    expect(within).toMatchObject({ kind: 'counted', locks: true, next: { attempts: 10 } });
  });
});
