import { randomBytes } from 'node:crypto';
import type { ApiTokenAccess } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { hashSecretToken } from '../password';

/**
 * A personal access token of `contactId`, inserted straight into the database (no route, no audit), answered in
 * plain text: `pat_…`, for `Authorization: Bearer`. `expiresAt` null or absent: never expires.
 */
export async function aToken(
  app: FastifyInstance,
  contactId: number,
  { access, companyId = null, expiresAt = null, name = 'Test token' }: { access: ApiTokenAccess; companyId?: number | null; expiresAt?: string | null; name?: string },
): Promise<string> {
  const token = `pat_${randomBytes(32).toString('base64url')}`;
  await app.repos.apiTokens.insert(app.db, {
    contactId, name, tokenHash: hashSecretToken(token), access, companyId, expiresAt,
  }, app.config.clock());
  return token;
}

/** The `authorization` header of a token. */
export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
