import type { Selectable } from 'kysely';
import type { PortalDb } from '../db/connect';
import type { PasskeysTable, SignInChallengePurpose } from '../db/schema';

/** A passkey as stored (never a secret: its id and public key). */
export type PasskeyRow = Selectable<PasskeysTable>;

export interface ChallengeRow {
  id: number;
  purpose: SignInChallengePurpose;
  contact_id: number | null;
  webauthn_challenge: string | null;
  attempts: number;
  expires: string;
}

export interface TotpRow {
  contact_id: number;
  secret_sealed: string;
  enabled: number;
  last_step: number | null;
  date_enabled: string | null;
}

export type SecurityRepository = ReturnType<typeof createSecurityRepository>;

/**
 * Second factors and sign-in challenges (docs/product/accounts-and-roles.md#account-security): the
 * authenticator app (sealed secret), passkeys, hashed recovery codes, and the short-lived rows a
 * sign-in's second step or a passkey ceremony is keyed by. Writes take the caller's transaction.
 */
export function createSecurityRepository(db: PortalDb) {
  return {
    /** Of `contactIds`, those with an enabled app or a passkey (hasSecondFactor's rule), in one read. */
    async withSecondFactor(contactIds: readonly number[]): Promise<Set<number>> {
      if (contactIds.length === 0) return new Set();
      const rows = await db.selectFrom('contact_totp').select('contact_id').where('contact_id', 'in', contactIds).where('enabled', '=', 1)
        .union(db.selectFrom('passkeys').select('contact_id').where('contact_id', 'in', contactIds))
        .execute();
      return new Set(rows.map((row) => Number(row.contact_id)));
    },

    /** What protects the contact: app on, passkeys and unused recovery codes counted (one read). */
    async factors(contactId: number, executor: PortalDb = db): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
      const row = await executor
        .selectNoFrom((eb) => [
          eb.selectFrom('contact_totp').select((e) => e.fn.countAll<number>().as('n')).where('contact_id', '=', contactId).where('enabled', '=', 1).as('totp'),
          eb.selectFrom('passkeys').select((e) => e.fn.countAll<number>().as('n')).where('contact_id', '=', contactId).as('passkeys'),
          eb.selectFrom('recovery_codes').select((e) => e.fn.countAll<number>().as('n')).where('contact_id', '=', contactId).as('recovery'),
        ])
        .executeTakeFirstOrThrow();
      return { totp: Number(row.totp) > 0, passkeys: Number(row.passkeys), recoveryCodes: Number(row.recovery) };
    },

    async totp(contactId: number, executor: PortalDb = db): Promise<TotpRow | undefined> {
      return executor
        .selectFrom('contact_totp')
        .select(['contact_id', 'secret_sealed', 'enabled', 'last_step', 'date_enabled'])
        .where('contact_id', '=', contactId)
        .executeTakeFirst();
    },

    /** A new pending app (replacing a pending one); an enabled app is never replaced here. */
    async startTotp(trx: PortalDb, contactId: number, secretSealed: string, now: Date): Promise<void> {
      await trx.deleteFrom('contact_totp').where('contact_id', '=', contactId).where('enabled', '=', 0).execute();
      await trx.insertInto('contact_totp').values({ contact_id: contactId, secret_sealed: secretSealed, enabled: 0, last_step: null, date_created: now.toISOString(), date_enabled: null }).execute();
    },

    async enableTotp(trx: PortalDb, contactId: number, step: number, now: Date): Promise<boolean> {
      const result = await trx.updateTable('contact_totp').set({ enabled: 1, last_step: step, date_enabled: now.toISOString() })
        .where('contact_id', '=', contactId).where('enabled', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Records the step of an accepted code, unless a code of that step or later was already used (false: a replay). */
    async useTotpStep(trx: PortalDb, contactId: number, step: number): Promise<boolean> {
      const result = await trx.updateTable('contact_totp').set({ last_step: step })
        .where('contact_id', '=', contactId).where('enabled', '=', 1)
        .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteTotp(trx: PortalDb, contactId: number): Promise<number> {
      const result = await trx.deleteFrom('contact_totp').where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async passkeys(contactId: number, executor: PortalDb = db): Promise<PasskeyRow[]> {
      return executor.selectFrom('passkeys').selectAll().where('contact_id', '=', contactId).orderBy('passkey_id').execute();
    },

    async passkeyByCredential(credentialId: string): Promise<PasskeyRow | undefined> {
      return db.selectFrom('passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
    },

    async addPasskey(trx: PortalDb, row: Omit<PasskeyRow, 'passkey_id' | 'last_used'>): Promise<void> {
      await trx.insertInto('passkeys').values({ ...row, last_used: null }).execute();
    },

    async passkeyUsed(trx: PortalDb, passkeyId: number, counter: number, now: Date): Promise<void> {
      await trx.updateTable('passkeys').set({ counter, last_used: now.toISOString() }).where('passkey_id', '=', passkeyId).execute();
    },

    async deletePasskey(trx: PortalDb, contactId: number, passkeyId: number): Promise<boolean> {
      const result = await trx.deleteFrom('passkeys').where('passkey_id', '=', passkeyId).where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deletePasskeys(trx: PortalDb, contactId: number): Promise<number> {
      const result = await trx.deleteFrom('passkeys').where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Replaces every recovery code of the contact with these hashes. */
    async replaceRecoveryCodes(trx: PortalDb, contactId: number, codeHashes: readonly string[], now: Date): Promise<void> {
      await trx.deleteFrom('recovery_codes').where('contact_id', '=', contactId).execute();
      if (codeHashes.length === 0) return;
      await trx.insertInto('recovery_codes')
        .values(codeHashes.map((code_hash) => ({ contact_id: contactId, code_hash, date_created: now.toISOString() })))
        .execute();
    },

    /** Spends one recovery code: false when it is not (or no longer) the contact's. */
    async useRecoveryCode(trx: PortalDb, contactId: number, codeHash: string): Promise<boolean> {
      const result = await trx.deleteFrom('recovery_codes').where('contact_id', '=', contactId).where('code_hash', '=', codeHash).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async createChallenge(
      trx: PortalDb,
      row: { tokenHash: string; purpose: SignInChallengePurpose; contactId: number | null; webauthnChallenge: string | null; now: Date; expires: Date },
    ): Promise<void> {
      await trx.insertInto('sign_in_challenges').values({
        token_hash: row.tokenHash, purpose: row.purpose, contact_id: row.contactId, webauthn_challenge: row.webauthnChallenge, attempts: 0,
        expires: row.expires.toISOString(), date_created: row.now.toISOString(),
      }).execute();
    },

    /** A challenge still good at `now` (expired ones are not answered). */
    async findChallenge(tokenHash: string, purpose: SignInChallengePurpose, now: Date): Promise<ChallengeRow | undefined> {
      return db.selectFrom('sign_in_challenges')
        .select(['id', 'purpose', 'contact_id', 'webauthn_challenge', 'attempts', 'expires'])
        .where('token_hash', '=', tokenHash).where('purpose', '=', purpose).where('expires', '>', now.toISOString())
        .executeTakeFirst();
    },

    async setWebauthnChallenge(id: number, challenge: string): Promise<void> {
      await db.updateTable('sign_in_challenges').set({ webauthn_challenge: challenge }).where('id', '=', id).execute();
    },

    /** Uses a challenge up: false when it was already gone (one of two concurrent uses wins). */
    async deleteChallenge(executor: PortalDb, id: number): Promise<boolean> {
      const result = await executor.deleteFrom('sign_in_challenges').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    async deleteChallengesOf(trx: PortalDb, contactId: number, purpose: SignInChallengePurpose): Promise<void> {
      await trx.deleteFrom('sign_in_challenges').where('contact_id', '=', contactId).where('purpose', '=', purpose).execute();
    },

    async deleteExpiredChallenges(now: Date): Promise<void> {
      await db.deleteFrom('sign_in_challenges').where('expires', '<=', now.toISOString()).execute();
    },

    async knownBrowsers(contactId: number, executor: PortalDb = db): Promise<{ browser: string; system: string }[]> {
      return executor.selectFrom('contact_browsers').select(['browser', 'system']).where('contact_id', '=', contactId).execute();
    },

    async rememberBrowser(trx: PortalDb, contactId: number, browser: string, system: string, now: Date): Promise<void> {
      await trx.insertInto('contact_browsers').values({ contact_id: contactId, browser, system, first_seen: now.toISOString() })
        .onConflict((oc) => oc.columns(['contact_id', 'browser', 'system']).doNothing())
        .execute();
    },
  };
}
