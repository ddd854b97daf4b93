import type { ApiToken, ApiTokenCreated } from '@portal/contract';
import {
  API_TOKEN_MESSAGES, API_TOKEN_PREFIX, MESSAGES, apiTokenInputProblem, canCreateAnotherApiToken, canRevokeApiToken, type ApiTokenAccess, type Viewer,
} from '@portal/domain';
import { HttpError } from '../errors';
import { hashSecretToken, newSecretToken } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ApiTokenListRow } from '../repositories/api-token-repository';
import { auditRecord, type AuditActor, type AuditTarget } from './audit';
import type { ServiceContext } from './service-context';

// Personal access tokens (docs/product/integrations.md#api-tokens; docs/decisions/0020-api-tokens.md): made on the
// Security page, shown once, kept as a hash, listed with their last use, revoked by their owner or an admin. Each
// creation and revocation is in the audit trail. No live change is published: no process holds a token (every
// bearer request reads it), so a revocation is in force at its commit.

const listed = (row: ApiTokenListRow): ApiToken => ({
  id: row.token_id, name: row.name, access: row.access, company_id: row.company_id, company_name: row.company_name,
  date_created: row.date_created, expires_at: row.expires_at, last_used_at: row.last_used_at, last_used_address: row.last_used_address,
});

const tokenTarget = (tokenId: number, name: string, companyId: number | null): AuditTarget => ({ entityId: tokenId, companyId, subject: name });

/** GET /account/api-tokens (one's own) and GET /admin/contacts/:id/api-tokens (an admin's look at anyone's): the live ones. */
export async function listApiTokens(ctx: ServiceContext, contactId: number): Promise<ApiToken[]> {
  return (await ctx.repos.apiTokens.listLive(contactId, ctx.clock())).map(listed);
}

export interface ApiTokenRequest {
  name: string;
  access: ApiTokenAccess;
  expires_at: string | null;
  company_id: number | null;
}

/** POST /account/api-tokens: a new token of the viewer's, answered once in plain text (only its sha256 is kept). */
export async function createApiToken(ctx: ServiceContext, actor: AuditActor, viewer: Viewer, input: ApiTokenRequest): Promise<ApiTokenCreated> {
  const now = ctx.clock();
  const problem = apiTokenInputProblem(input, viewer.groupId, now);
  if (problem) throw new HttpError(400, problem);
  if (input.company_id !== null && !(await ctx.repos.companies.findById(input.company_id))) throw new HttpError(400, MESSAGES.companyNotFound);
  const token = `${API_TOKEN_PREFIX}${newSecretToken()}`;
  const name = input.name.trim();
  const tokenId = await ctx.db.transaction().execute(async (trx) => {
    if (!canCreateAnotherApiToken(await ctx.repos.apiTokens.countLive(trx, viewer.contactId, now))) throw new HttpError(409, API_TOKEN_MESSAGES.tooMany);
    const id = await ctx.repos.apiTokens.insert(trx, {
      contactId: viewer.contactId, name, tokenHash: hashSecretToken(token), access: input.access, companyId: input.company_id, expiresAt: input.expires_at,
    }, now);
    await writeAudit(trx, [auditRecord(actor, 'token.created', tokenTarget(id, name, input.company_id), [
      { field: 'access', before: null, after: input.access }, { field: 'expires_at', before: null, after: input.expires_at },
    ])], now);
    return id;
  });
  const row = (await ctx.repos.apiTokens.listLive(viewer.contactId, now)).find((one) => one.token_id === tokenId);
  if (!row) throw new HttpError(404, API_TOKEN_MESSAGES.notFound);
  return { ...listed(row), token };
}

/** DELETE /account/api-tokens/:id: the owner's own, or anyone's by an admin; another's id to a non-admin is 404 (nothing told). */
export async function revokeApiToken(ctx: ServiceContext, actor: AuditActor, viewer: Viewer, tokenId: number): Promise<void> {
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    const token = await ctx.repos.apiTokens.findLiveById(trx, tokenId);
    if (!token || !canRevokeApiToken(viewer, token.contact_id)) throw new HttpError(404, API_TOKEN_MESSAGES.notFound);
    if (!(await ctx.repos.apiTokens.revoke(trx, tokenId, viewer.contactId, now))) throw new HttpError(404, API_TOKEN_MESSAGES.notFound);
    await writeAudit(trx, [auditRecord(actor, 'token.revoked', tokenTarget(tokenId, token.name, null), [
      { field: 'owner', before: null, after: token.contact_id },
    ])], now);
  });
}
