import { apiToken } from '@portal/contract';
import { apiTokenEndpoints as api } from '@portal/contract/endpoints';
import {
  API_TOKEN_MESSAGES, MESSAGES, apiTokenInputProblem, canCreateAnotherApiToken, canRevokeApiToken, canSeeApiTokensOf, type Viewer,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody } from './respond';

/** Personal access tokens, with the API's rules (docs/product/integrations.md#api-tokens): the token answered once, a hash kept. */
export function apiTokenHandlers(db: PortalData) {
  const signedIn = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const anonymous = () => errorAnswer(401, MESSAGES.notSignedIn);
  const listed = ({ contact_id: _owner, ...token }: PortalData['apiTokens'][number]) => token;
  const live = (contactId: number) => db.apiTokens.filter((token) => token.contact_id === contactId);

  return [
    mock(api.apiTokens, () => {
      const viewer = signedIn();
      if (!viewer) return anonymous();
      return answer(api.apiTokens, live(viewer.contactId).map(listed).reverse());
    }),
    mock(api.contactApiTokens, ({ params }) => {
      const viewer = signedIn();
      if (!viewer) return anonymous();
      const ownerId = idParam(params);
      if (!canSeeApiTokensOf(viewer, ownerId)) return errorAnswer(403, MESSAGES.notAuthorized);
      return answer(api.contactApiTokens, live(ownerId).map(listed).reverse());
    }),
    mock(api.createApiToken, async ({ request }) => {
      const viewer = signedIn();
      if (!viewer) return anonymous();
      const read = await readBody(request, api.createApiToken);
      if (!read.ok) return read.answer;
      const problem = apiTokenInputProblem(read.body, viewer.groupId, new Date());
      if (problem) return errorAnswer(400, problem);
      if (!canCreateAnotherApiToken(live(viewer.contactId).length)) return errorAnswer(409, API_TOKEN_MESSAGES.tooMany);
      const company = read.body.company_id === null ? undefined : db.companies.find((c) => c.company_id === read.body.company_id);
      const token = apiToken.parse({
        id: nextId(db.apiTokens, (t) => t.id), name: read.body.name, access: read.body.access, company_id: read.body.company_id,
        company_name: company?.name ?? null, date_created: nowIso(), expires_at: read.body.expires_at, last_used_at: null, last_used_address: null,
      });
      db.apiTokens.push({ ...token, contact_id: viewer.contactId });
      return answer(api.createApiToken, { ...token, token: `pat_${'M'.repeat(43)}` });
    }),
    mock(api.revokeApiToken, ({ params }) => {
      const viewer = signedIn();
      if (!viewer) return anonymous();
      const found = db.apiTokens.find((token) => token.id === idParam(params));
      if (!found || !canRevokeApiToken(viewer, found.contact_id)) return errorAnswer(404, API_TOKEN_MESSAGES.notFound);
      db.apiTokens = db.apiTokens.filter((token) => token !== found);
      return answer(api.revokeApiToken, { ok: true });
    }),
  ];
}
