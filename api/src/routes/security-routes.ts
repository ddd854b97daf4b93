import { securityEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, canAdministerAccountSecurity } from '@portal/domain';
import type { StepUpAction } from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { authorize, requireViewer } from '../policy';
import { auditActor } from '../services/audit';
import {
  addPasskey, confirmTotp, type ContactRow, passkeyRegistrationOptions, removePasskey, removeTotp, renewRecoveryCodes, resetSecondFactor, securityOverviewOf, startTotp,
} from '../services/second-factors';
import { readSecurityPolicy, saveSecurityPolicy } from '../services/security-policy';
import { serviceContext } from '../services/service-context';
import { endOwnSession, endSessionsOf, listSessions } from '../services/session-control';
import { confirmIdentity, requireStepUp } from '../services/step-up';
import { endpointRoute } from './endpoint-route';
import { webAuthnSiteOf } from './webauthn-site';

/**
 * The Security page and the admins' account-security controls (docs/product/accounts-and-roles.md#account-security):
 * second factors, recovery codes, sessions; the staff policy, resetting a user's second factor, ending a user's sessions.
 */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { repos, config } = app;

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
  /** docs/product/accounts-and-roles.md#sensitive-changes: 403 `reauth_required` unless the password or a factor was given within 10 minutes. */
  const steppedUp = (request: FastifyRequest, action: StepUpAction) => requireStepUp(serviceContext(app, request), app.sessions.tokenHashOf(request), action);
  const tags = ['account security'];
  const reauth = 'Needs the password or a factor given within the last 10 minutes (POST /account/security/confirm), else 403 with `reauth_required: true`.';

  endpointRoute(
    app,
    api.confirmIdentity,
    {
      tags,
      summary: 'Give the password (or an app code) again: sensitive changes are open to this session for 10 minutes',
      description: 'docs/product/accounts-and-roles.md#sensitive-changes; 400 when wrong; limited like the sign-in, per address and user.',
      errors: [400, 401, 429],
      config: {
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.timeWindowMs,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `step-up:${request.ip}|${request.viewer?.contactId ?? ''}`,
          errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyLogins),
        },
      },
    },
    async (request) => {
      await confirmIdentity(serviceContext(app, request), await me(request), sessionHash(request), request.body);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.securityOverview,
    { tags, summary: "What protects the signed-in user's account (never a secret)", errors: [401] },
    async (request) => securityOverviewOf(serviceContext(app, request), await me(request)),
  );

  endpointRoute(
    app,
    api.startTotp,
    { tags, summary: 'Start enrolling an authenticator app: the secret and its QR code, shown this once', description: reauth, errors: [401, 403, 409] },
    async (request) => {
      await steppedUp(request, 'add-authenticator');
      return startTotp(serviceContext(app, request), await me(request));
    },
  );

  endpointRoute(
    app,
    api.confirmTotp,
    { tags, summary: "The app's first code turns it on; recovery codes when it is the first factor (else none)", description: reauth, errors: [400, 401, 403, 409] },
    async (request) => {
      await steppedUp(request, 'add-authenticator');
      const { result, changes } = await confirmTotp(serviceContext(app, request), await ownChange(request), request.body.code);
      await app.events.publish(...changes);
      return { recovery_codes: result };
    },
  );

  endpointRoute(
    app,
    api.removeTotp,
    { tags, summary: 'Turn the app off (the password again)', errors: [400, 401, 409] },
    async (request) => {
      const { changes } = await removeTotp(serviceContext(app, request), await ownChange(request), request.body.password);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.passkeyRegistrationOptions,
    { tags, summary: "A passkey registration's options (its challenge kept 5 minutes for this session)", description: reauth, errors: [401, 403] },
    async (request) => {
      await steppedUp(request, 'add-passkey');
      return { options: await passkeyRegistrationOptions(serviceContext(app, request), await me(request), sessionHash(request), webAuthnSiteOf(app, request)) };
    },
  );

  endpointRoute(
    app,
    api.addPasskey,
    { tags, summary: "Add a passkey from the browser's answer; recovery codes when it is the first factor (else none)", description: reauth, errors: [400, 401, 403, 409] },
    async (request) => {
      await steppedUp(request, 'add-passkey');
      const change = { ...(await ownChange(request)), sessionTokenHash: sessionHash(request) };
      const { result, changes } = await addPasskey(serviceContext(app, request), change, request.body, webAuthnSiteOf(app, request));
      await app.events.publish(...changes);
      return { recovery_codes: result };
    },
  );

  endpointRoute(
    app,
    api.removePasskey,
    { tags, summary: 'Remove a passkey (the password again)', errors: [400, 401, 404, 409] },
    async (request) => {
      const { changes } = await removePasskey(serviceContext(app, request), await ownChange(request), request.params.id, request.body.password);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.newRecoveryCodes,
    { tags, summary: '10 new recovery codes, shown once; the old ones are void', description: reauth, errors: [401, 403, 409] },
    async (request) => {
      await steppedUp(request, 'new-recovery-codes');
      const { result } = await renewRecoveryCodes(serviceContext(app, request), auditActor(request), await me(request));
      return { recovery_codes: result };
    },
  );

  endpointRoute(
    app,
    api.sessions,
    { tags, summary: 'Where the signed-in user is signed in (this session marked)', errors: [401] },
    async (request) => listSessions(serviceContext(app, request), requireViewer(request.viewer).contactId, app.sessions.tokenHashOf(request)),
  );

  endpointRoute(
    app,
    api.endSession,
    { tags, summary: "Sign one of one's own sessions out", errors: [401, 404] },
    async (request) => {
      const { changes } = await endOwnSession(serviceContext(app, request), auditActor(request), await me(request), request.params.id);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.endOtherSessions,
    { tags, summary: 'Sign out everywhere else', errors: [401] },
    async (request) => {
      const { result, changes } = await endSessionsOf(serviceContext(app, request), auditActor(request), await me(request), sessionHash(request));
      await app.events.publish(...changes);
      return { ended: result };
    },
  );

  endpointRoute(
    app,
    api.securityPolicy,
    { tags, summary: 'The staff second-factor policy (admins)', errors: [401, 403] },
    async (request) => {
      authorize(request.viewer, canAdministerAccountSecurity);
      return readSecurityPolicy(app);
    },
  );

  endpointRoute(
    app,
    api.saveSecurityPolicy,
    { tags, summary: 'Require (or not) a second factor of staff (admins); turning it on needs one of the admin (409)', errors: [400, 401, 403, 409] },
    async (request) => {
      authorize(request.viewer, canAdministerAccountSecurity);
      const { result, changes } = await saveSecurityPolicy(serviceContext(app, request), auditActor(request), request.body);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.resetSecondFactor,
    { tags, summary: "Remove a user's app, passkeys and recovery codes and end their sessions; the user is told by mail (admins)", errors: [401, 403, 404] },
    async (request) => {
      const contact = await contactForAdmin(request, request.params.id);
      const { changes } = await resetSecondFactor(serviceContext(app, request), auditActor(request), contact);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.endContactSessions,
    { tags, summary: 'End every session of a user (admins)', errors: [401, 403, 404] },
    async (request) => {
      const contact = await contactForAdmin(request, request.params.id);
      const { result, changes } = await endSessionsOf(serviceContext(app, request), auditActor(request), contact, undefined);
      await app.events.publish(...changes);
      return { ended: result };
    },
  );
}
