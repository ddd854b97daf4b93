import {
  confirmPasswordRequest, endedSessionsAnswer, idParam, okAnswer, passkeyOptionsAnswer, passkeyRegisterRequest, recoveryCodesAnswer, securityOverview,
  securityPolicy, sessionList, totpConfirmRequest, totpEnrolmentAnswer,
} from '@portal/contract';
import { MESSAGES, canAdministerAccountSecurity } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import {
  addPasskey, confirmTotp, type ContactRow, passkeyRegistrationOptions, removePasskey, removeTotp, renewRecoveryCodes, resetSecondFactor, securityOverviewOf, startTotp,
} from '../services/second-factors';
import { readSecurityPolicy, saveSecurityPolicy } from '../services/security-policy';
import { serviceContext } from '../services/service-context';
import { endOwnSession, endSessionsOf, listSessions } from '../services/session-control';
import { errorResponses } from './route-helpers';
import { webAuthnSiteOf } from './webauthn-site';

/**
 * The Security page and the admins' account-security controls (docs/product/accounts-and-roles.md#account-security):
 * second factors, recovery codes, sessions; the staff policy, resetting a user's second factor, ending a user's sessions.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  /** The signed-in user's own row (401 without a session). */
  async function me(request: FastifyRequest): Promise<ContactRow> {
    const viewer = requireViewer(request.viewer);
    const contact = await repos.contacts.findById(viewer.contactId);
    if (!contact) throw new HttpError(401, MESSAGES.notSignedIn);
    return contact;
  }

  async function contactForAdmin(request: FastifyRequest, contactId: number): Promise<ContactRow> {
    authorize(request.viewer, canAdministerAccountSecurity);
    const contact = contactId > 0 ? await repos.contacts.findById(contactId) : undefined;
    if (!contact) throw new HttpError(404, MESSAGES.contactNotFound);
    return contact;
  }

  /** A factor change by the user: their own session is kept, every other one ends. */
  const ownChange = async (request: FastifyRequest) => ({
    actor: auditActor(request), contact: await me(request), keepTokenHash: app.sessions.tokenHashOf(request),
  });
  const sessionHash = (request: FastifyRequest): string => {
    const hash = app.sessions.tokenHashOf(request);
    if (!hash) throw new HttpError(401, MESSAGES.notSignedIn);
    return hash;
  };
  const tags = ['account security'];

  routes.get(
    '/account/security',
    { schema: { tags, summary: "What protects the signed-in user's account (never a secret)", response: { 200: securityOverview, ...errorResponses(401) } } },
    async (request) => securityOverviewOf(serviceContext(app, request), await me(request)),
  );

  routes.post(
    '/account/security/totp',
    { schema: { tags, summary: 'Start enrolling an authenticator app: the secret and its QR code, shown this once', response: { 200: totpEnrolmentAnswer, ...errorResponses(401, 409) } } },
    async (request) => startTotp(serviceContext(app, request), await me(request)),
  );

  routes.post(
    '/account/security/totp/confirm',
    {
      schema: {
        tags, summary: "The app's first code turns it on; recovery codes when it is the first factor (else none)", body: totpConfirmRequest,
        response: { 200: recoveryCodesAnswer, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const { result, changes } = await confirmTotp(serviceContext(app, request), await ownChange(request), request.body.code);
      await app.events.publish(...changes);
      return { recovery_codes: result };
    },
  );

  routes.delete(
    '/account/security/totp',
    { schema: { tags, summary: 'Turn the app off (the password again)', body: confirmPasswordRequest, response: { 200: okAnswer, ...errorResponses(400, 401, 409) } } },
    async (request) => {
      const { changes } = await removeTotp(serviceContext(app, request), await ownChange(request), request.body.password);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  routes.post(
    '/account/security/passkeys/options',
    { schema: { tags, summary: "A passkey registration's options (its challenge kept 5 minutes for this session)", response: { 200: passkeyOptionsAnswer, ...errorResponses(401) } } },
    async (request) => ({
      options: await passkeyRegistrationOptions(serviceContext(app, request), await me(request), sessionHash(request), webAuthnSiteOf(app, request)),
    }),
  );

  routes.post(
    '/account/security/passkeys',
    {
      schema: {
        tags, summary: "Add a passkey from the browser's answer; recovery codes when it is the first factor (else none)", body: passkeyRegisterRequest,
        response: { 200: recoveryCodesAnswer, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const change = { ...(await ownChange(request)), sessionTokenHash: sessionHash(request) };
      const { result, changes } = await addPasskey(serviceContext(app, request), change, request.body, webAuthnSiteOf(app, request));
      await app.events.publish(...changes);
      return { recovery_codes: result };
    },
  );

  routes.delete(
    '/account/security/passkeys/:id',
    {
      schema: {
        tags, summary: 'Remove a passkey (the password again)', params: idParam, body: confirmPasswordRequest,
        response: { 200: okAnswer, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { changes } = await removePasskey(serviceContext(app, request), await ownChange(request), request.params.id, request.body.password);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  routes.post(
    '/account/security/recovery-codes',
    { schema: { tags, summary: '10 new recovery codes, shown once; the old ones are void', response: { 200: recoveryCodesAnswer, ...errorResponses(401, 409) } } },
    async (request) => {
      const { result } = await renewRecoveryCodes(serviceContext(app, request), auditActor(request), await me(request));
      return { recovery_codes: result };
    },
  );

  routes.get(
    '/account/sessions',
    { schema: { tags, summary: 'Where the signed-in user is signed in (this session marked)', response: { 200: sessionList, ...errorResponses(401) } } },
    async (request) => listSessions(serviceContext(app, request), requireViewer(request.viewer).contactId, app.sessions.tokenHashOf(request)),
  );

  routes.delete(
    '/account/sessions/:id',
    { schema: { tags, summary: "Sign one of one's own sessions out", params: idParam, response: { 200: okAnswer, ...errorResponses(401, 404) } } },
    async (request) => {
      const { changes } = await endOwnSession(serviceContext(app, request), auditActor(request), await me(request), request.params.id);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  routes.post(
    '/account/sessions/end-others',
    { schema: { tags, summary: 'Sign out everywhere else', response: { 200: endedSessionsAnswer, ...errorResponses(401) } } },
    async (request) => {
      const { result, changes } = await endSessionsOf(serviceContext(app, request), auditActor(request), await me(request), sessionHash(request));
      await app.events.publish(...changes);
      return { ended: result };
    },
  );

  routes.get(
    '/admin/security-policy',
    { schema: { tags, summary: 'The staff second-factor policy (admins)', response: { 200: securityPolicy, ...errorResponses(401, 403) } } },
    async (request) => {
      authorize(request.viewer, canAdministerAccountSecurity);
      return readSecurityPolicy(app);
    },
  );

  routes.put(
    '/admin/security-policy',
    { schema: { tags, summary: 'Require (or not) a second factor of staff (admins); turning it on needs one of the admin (409)', body: securityPolicy, response: { 200: securityPolicy, ...errorResponses(400, 401, 403, 409) } } },
    async (request) => {
      authorize(request.viewer, canAdministerAccountSecurity);
      const { result, changes } = await saveSecurityPolicy(serviceContext(app, request), auditActor(request), request.body);
      await app.events.publish(...changes);
      return result;
    },
  );

  routes.post(
    '/admin/contacts/:id/second-factor/reset',
    {
      schema: {
        tags, summary: "Remove a user's app, passkeys and recovery codes and end their sessions; the user is told by mail (admins)", params: idParam,
        response: { 200: okAnswer, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const contact = await contactForAdmin(request, request.params.id);
      const { changes } = await resetSecondFactor(serviceContext(app, request), auditActor(request), contact);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  routes.post(
    '/admin/contacts/:id/sessions/end',
    { schema: { tags, summary: 'End every session of a user (admins)', params: idParam, response: { 200: endedSessionsAnswer, ...errorResponses(401, 403, 404) } } },
    async (request) => {
      const contact = await contactForAdmin(request, request.params.id);
      const { result, changes } = await endSessionsOf(serviceContext(app, request), auditActor(request), contact, undefined);
      await app.events.publish(...changes);
      return { ended: result };
    },
  );
}
