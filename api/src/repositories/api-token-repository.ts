import type { ApiTokenAccess } from '@portal/domain';
import type { PortalDb } from '../db/connect';

/** A bearer request's token joined to its still-active owner (the lookup of every bearer request). */
export interface ApiTokenViewerRow {
  token_id: number;
  contact_id: number;
  group_id: number;
  access: ApiTokenAccess;
  company_id: number | null;
  expires_at: string | null;
  last_used_at: string | null;
}

/** A token as its owner's list shows it: never its hash. */
export interface ApiTokenListRow {
  token_id: number;
  contact_id: number;
  name: string;
  access: ApiTokenAccess;
  company_id: number | null;
  company_name: string | null;
  expires_at: string | null;
  date_created: string;
  last_used_at: string | null;
  last_used_address: string | null;
}

export interface NewApiToken {
  contactId: number;
  name: string;
  tokenHash: string;
  access: ApiTokenAccess;
  companyId: number | null;
  expiresAt: string | null;
}

export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;

/**
 * Revokes every live token of the contact, on the caller's transaction: what a new password, a change of second factor
 * or an undone e-mail change does, with the sessions it ends (docs/product/integrations.md#api-tokens). Answers how many.
 */
export async function revokeApiTokensOf(trx: PortalDb, contactId: number, now: Date): Promise<number> {
  const result = await trx
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString(), revoked_by: null })
    .where('contact_id', '=', contactId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Personal access tokens (migration 0041; docs/product/integrations.md#api-tokens). */
export function createApiTokenRepository(db: PortalDb) {
  return {
    /** The live token of `tokenHash` with its owner, while the owner is active: undefined otherwise. */
    async findLive(tokenHash: string, now: Date): Promise<ApiTokenViewerRow | undefined> {
      return db
        .selectFrom('api_tokens as t')
        .innerJoin('contacts as c', 'c.contact_id', 't.contact_id')
        .select(['t.token_id', 'c.contact_id', 'c.group_id', 't.access', 't.company_id', 't.expires_at', 't.last_used_at'])
        .where('t.token_hash', '=', tokenHash)
        .where('t.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now.toISOString())]))
        .where('c.active', '=', 1)
        .executeTakeFirst();
    },

    /** The contact's live tokens, newest first. */
    async listLive(contactId: number, now: Date): Promise<ApiTokenListRow[]> {
      return db
        .selectFrom('api_tokens as t')
        .leftJoin('companies as co', 'co.company_id', 't.company_id')
        .select([
          't.token_id', 't.contact_id', 't.name', 't.access', 't.company_id', 'co.name as company_name', 't.expires_at', 't.date_created',
          't.last_used_at', 't.last_used_address',
        ])
        .where('t.contact_id', '=', contactId)
        .where('t.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('t.expires_at', 'is', null), eb('t.expires_at', '>', now.toISOString())]))
        .orderBy('t.date_created', 'desc')
        .orderBy('t.token_id', 'desc')
        .execute();
    },

    /** How many live tokens the contact holds, on `trx` (the create's check and insert share it). */
    async countLive(trx: PortalDb, contactId: number, now: Date): Promise<number> {
      const row = await trx
        .selectFrom('api_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('contact_id', '=', contactId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now.toISOString())]))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(trx: PortalDb, token: NewApiToken, now: Date): Promise<number> {
      const row = await trx
        .insertInto('api_tokens')
        .values({
          contact_id: token.contactId, name: token.name, token_hash: token.tokenHash, access: token.access, company_id: token.companyId,
          expires_at: token.expiresAt, date_created: now.toISOString(),
        })
        .returning('token_id')
        .executeTakeFirstOrThrow();
      return row.token_id;
    },

    /** A live token by id (for its revocation), with its owner. */
    async findLiveById(trx: PortalDb, tokenId: number): Promise<{ token_id: number; contact_id: number; name: string } | undefined> {
      return trx
        .selectFrom('api_tokens')
        .select(['token_id', 'contact_id', 'name'])
        .where('token_id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },

    /** Revokes one token: false when it already was. */
    async revoke(trx: PortalDb, tokenId: number, by: number | null, now: Date): Promise<boolean> {
      const result = await trx
        .updateTable('api_tokens')
        .set({ revoked_at: now.toISOString(), revoked_by: by })
        .where('token_id', '=', tokenId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    revokeAllOf: revokeApiTokensOf,

    /** Marks a use, unless one was written since `unlessSince` (at most once a minute per token). */
    async touch(tokenId: number, now: Date, address: string | null, unlessSince: Date): Promise<void> {
      await db
        .updateTable('api_tokens')
        .set({ last_used_at: now.toISOString(), last_used_address: address })
        .where('token_id', '=', tokenId)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', unlessSince.toISOString())]))
        .execute();
    },
  };
}
