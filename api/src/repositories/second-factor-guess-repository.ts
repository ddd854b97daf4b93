import type { SecondFactorGuessCount } from '@portal/domain';
import type { PortalDb } from '../db/connect';

export type SecondFactorGuessRepository = ReturnType<typeof createSecondFactorGuessRepository>;

/**
 * Second-factor guesses, counted before each is judged (docs/product/accounts-and-roles.md#account-security):
 * on the pending sign-in (sign_in_challenges.attempts) and on the account (second_factor_guesses). Each
 * count moves by one conditional statement, so concurrent requests, in one process or many, cannot all
 * read the same count and all be judged.
 */
export function createSecondFactorGuessRepository(db: PortalDb) {
  return {
    /** Claims one judgment on a pending sign-in: the attempts with this one, or undefined when its last was used. */
    async claimOnSignIn(challengeId: number, cap: number): Promise<number | undefined> {
      const row = await db.updateTable('sign_in_challenges').set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id', '=', challengeId).where('attempts', '<', cap)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },

    async ofAccount(contactId: number): Promise<SecondFactorGuessCount | undefined> {
      const row = await db.selectFrom('second_factor_guesses').select(['attempts', 'window_start', 'locked_until'])
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
      return row ? { attempts: row.attempts, windowStart: row.window_start, lockedUntil: row.locked_until } : undefined;
    },

    /**
     * Writes the account's next count only if it still holds `current` (compare and set): false when
     * another guess changed it first, and the caller reads it again.
     */
    async replaceOfAccount(contactId: number, current: SecondFactorGuessCount | undefined, next: SecondFactorGuessCount): Promise<boolean> {
      const values = { attempts: next.attempts, window_start: next.windowStart, locked_until: next.lockedUntil };
      if (!current) {
        const inserted = await db.insertInto('second_factor_guesses').values({ contact_id: contactId, ...values })
          .onConflict((oc) => oc.column('contact_id').doNothing())
          .returning('contact_id')
          .executeTakeFirst();
        return inserted !== undefined;
      }
      const updated = await db.updateTable('second_factor_guesses').set(values)
        .where('contact_id', '=', contactId)
        .where('attempts', '=', current.attempts)
        .where('window_start', '=', current.windowStart)
        .where((eb) => (current.lockedUntil === null ? eb('locked_until', 'is', null) : eb('locked_until', '=', current.lockedUntil)))
        .returning('contact_id')
        .executeTakeFirst();
      return updated !== undefined;
    },

    /** A right code: the account's count starts again. */
    async clearOfAccount(executor: PortalDb, contactId: number): Promise<void> {
      await executor.deleteFrom('second_factor_guesses').where('contact_id', '=', contactId).execute();
    },
  };
}
