import type { SessionAnswer } from '@portal/contract';
import { authEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, SIGN_IN_CHALLENGE_MINUTES, PASSKEY_CHALLENGE_MINUTES, dashboardPathForGroup, normalizeEmail } from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../errors';
import { requireViewer } from '../policy';
import { auditRecord, contactTarget } from '../services/audit';
import { checkResetCode, mailResetCodeTo, resetPassword } from '../services/reset-codes';
import {
  PASSKEY_COOKIE, SIGN_IN_COOKIE, beginSecondFactor, completeSecondFactor, passkeySignInOptions, verifyPasskeySignIn,
} from '../services/second-factor-sign-in';
import { sessionLocale } from '../services/contact-language';
import { localeOption } from '../services/option-defaults';
import { enrolRequiredFor } from '../services/security-policy';
import { checkCredentials } from '../services/sign-in';
import { webAuthnSiteOf } from './webauthn-site';
import { endpointRoute } from './endpoint-route';
import { keyedRateLimit, publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { repos, config } = app;

  async function sessionAnswerFor(contactId: number): Promise<SessionAnswer> {
    const contact = await repos.contacts.loadAnswer(contactId);
    if (!contact) throw new HttpError(401, MESSAGES.notSignedIn);
    const enrolRequired = await enrolRequiredFor({ repos }, contactId, contact.group_id);
    // The language their screens speak and the agency's currency (docs/product/languages.md).
    const locale = sessionLocale(contact.language, await localeOption(repos.options));
    return { contact, dashboard: dashboardPathForGroup(contact.group_id), enrol_required: enrolRequired, locale };
  }

  /** The second step done (or a passkey instead of the password): the session, and the sign-in's cookies cleared. */
  async function signedIn(request: FastifyRequest, reply: FastifyReply, contact: { contact_id: number; first_name: string; last_name: string; email: string }, how: string) {
    const ip = request.ip ?? null;
    const ended = await app.sessions.start(request, reply, contact.contact_id, [
      auditRecord({ actorId: contact.contact_id, ip }, 'session.signed_in', contactTarget(contact), [{ field: 'second_factor', before: null, after: how }]),
    ]);
    await app.events.publish(...ended);
    app.sessions.setStepCookie(reply, SIGN_IN_COOKIE, null);
    app.sessions.setStepCookie(reply, PASSKEY_COOKIE, null);
    return sessionAnswerFor(contact.contact_id);
  }

  /**
   * The password step's limit per address alone, on top of the one per address and username: one
   * address spraying many usernames cannot queue up scrypt work (each hash costs about 128 MiB and a
   * core for a few hundred ms); 5 times the per-username limit (docs/product/accounts-and-roles.md#passwords).
   */
  const countLoginsPerAddress = app.createRateLimit({
    max: config.loginRateLimit.max * 5, timeWindow: config.loginRateLimit.timeWindowMs, keyGenerator: (request) => `login-ip:${request.ip}`,
  });
  const loginAddressLimit = async (request: FastifyRequest) => {
    const result = await countLoginsPerAddress(request);
    if (!result.isAllowed && result.isExceeded) throw new HttpError(429, MESSAGES.tooManyLogins);
  };

  /** The second step's limit per address (docs/product/accounts-and-roles.md#account-security), on top of the counts per sign-in and per account. */
  const codeRateLimit = {
    max: config.loginRateLimit.max,
    timeWindow: config.loginRateLimit.timeWindowMs,
    keyGenerator: (request: FastifyRequest) => request.ip,
    errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyLogins),
  };

  endpointRoute(
    app,
    api.login,
    {
      tags: ['auth'],
      summary: 'Sign in with e-mail and password; sets a new portal_session cookie (the old session, if any, ends)',
      description: 'docs/product/accounts-and-roles.md#account-security: a user with a second factor gets no session yet but the second step (second_factor) and a 5-minute portal_sign_in cookie.',
      errors: [400, 401, 429],
      config: {
        public: true,
        rateLimit: {
          max: config.loginRateLimit.max,
          timeWindow: config.loginRateLimit.timeWindowMs,
          // After validation, so the key can include the username: one attacker cannot lock out
          // everyone behind the same IP, and one IP cannot spray one account.
          hook: 'preHandler',
          keyGenerator: (request) => {
            const body = request.body as { username?: unknown } | undefined;
            const username = typeof body?.username === 'string' ? normalizeEmail(body.username) : '';
            return `${request.ip}|${username}`;
          },
          errorResponseBuilder: () => new HttpError(429, MESSAGES.tooManyLogins),
        },
      },
      preHandler: loginAddressLimit,
    },
    async (request, reply) => {
      const ip = request.ip ?? null;
      const ctx = serviceContext(app, request);
      const { contact, upgradedHash } = await checkCredentials(ctx, request.body.username, request.body.password, ip);
      const pending = await beginSecondFactor(ctx, contact, upgradedHash);
      if (pending) {
        app.sessions.setStepCookie(reply, SIGN_IN_COOKIE, pending.token, SIGN_IN_CHALLENGE_MINUTES * 60);
        return { second_factor: { methods: pending.methods } };
      }
      const ended = await app.sessions.start(request, reply, contact.contact_id, [
        auditRecord({ actorId: contact.contact_id, ip }, 'session.signed_in', contactTarget(contact), []),
      ], { upgradedHash });
      await app.events.publish(...ended);
      return sessionAnswerFor(contact.contact_id);
    },
  );

  endpointRoute(
    app,
    api.loginSecondFactor,
    {
      tags: ['auth'],
      summary: "The sign-in's second step: an app code or a recovery code (spent), with the portal_sign_in cookie; sets the session",
      description: 'docs/product/accounts-and-roles.md#account-security: 400 for a wrong code; after too many the sign-in is void (401, sign in again); 10 wrong codes an hour on the account lock its second step for 15 minutes (429).',
      errors: [400, 401, 429],
      config: { public: true, rateLimit: codeRateLimit },
    },
    async (request, reply) => {
      const contact = await completeSecondFactor(serviceContext(app, request), request.cookies[SIGN_IN_COOKIE], request.body, request.ip ?? null);
      return signedIn(request, reply, contact, request.body.method === 'totp' ? 'app' : 'recovery code');
    },
  );

  endpointRoute(
    app,
    api.passkeySignInOptions,
    {
      tags: ['auth'],
      summary: "A passkey sign-in's options: after the password that user's passkeys, else any discoverable passkey",
      errors: [429],
      config: { public: true, rateLimit: publicRateLimit(app) },
    },
    async (request, reply) => {
      const answer = await passkeySignInOptions(serviceContext(app, request), request.cookies[SIGN_IN_COOKIE], webAuthnSiteOf(app, request));
      if (answer.passkeyToken) app.sessions.setStepCookie(reply, PASSKEY_COOKIE, answer.passkeyToken, PASSKEY_CHALLENGE_MINUTES * 60);
      return { options: answer.options };
    },
  );

  endpointRoute(
    app,
    api.passkeySignIn,
    {
      tags: ['auth'],
      summary: "The browser's passkey answer: signs in (as the second step, or instead of the password)",
      errors: [400, 401, 429],
      config: { public: true, rateLimit: codeRateLimit },
    },
    async (request, reply) => {
      const contact = await verifyPasskeySignIn(
        serviceContext(app, request), { signIn: request.cookies[SIGN_IN_COOKIE], passkey: request.cookies[PASSKEY_COOKIE] }, request.body.response,
        webAuthnSiteOf(app, request), request.ip ?? null,
      );
      return signedIn(request, reply, contact, 'passkey');
    },
  );

  endpointRoute(
    app,
    api.logout,
    { tags: ['auth'], summary: 'Sign out: deletes the session and clears the cookie', config: { public: true } },
    async (request, reply) => {
      await app.events.publish(...(await app.sessions.end(request, reply)));
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.forgotPassword,
    {
      tags: ['auth'],
      summary: 'Mail a password-reset link to the active contact with this e-mail',
      description: "docs/product/accounts-and-roles.md#password-reset: 404 'Contact not found. Please try again.' for an unknown or deactivated address (which tells whether it has an account).",
      errors: [400, 404, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.contactNotFoundTryAgain },
      // Per e-mail too (docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits): many addresses cannot flood one person's inbox.
      preHandler: keyedRateLimit(app, 'forgot-email', config.forgotRateLimit, (request) => (request.body as { email: string }).email),
    },
    async (request) => {
      const { result, changes } = await mailResetCodeTo(serviceContext(app, request), request.body.email);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.resetCodeStatus,
    {
      tags: ['auth'],
      summary: 'Is a reset code still good? 400 with the cause when not',
      errors: [400, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.resetCodeInvalid },
    },
    async (request) => {
      const check = await checkResetCode(serviceContext(app, request), request.params.code);
      if (!check.ok) throw new HttpError(400, check.message);
      const contact = await repos.contacts.findById(check.contactId);
      return { valid: true as const, first_name: contact?.first_name ?? '' };
    },
  );

  endpointRoute(
    app,
    api.resetPassword,
    {
      tags: ['auth'],
      summary: 'Set a new password with a reset code; the contact is verified and its other sessions end',
      errors: [400, 429],
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.contactNotUpdated },
    },
    async (request) => {
      const tokenHash = app.sessions.tokenHashOf(request);
      const session = request.viewer && tokenHash ? { contactId: request.viewer.contactId, tokenHash } : undefined;
      const { changes } = await resetPassword(serviceContext(app, request), request.body, session, request.ip ?? null);
      await app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  endpointRoute(
    app,
    api.me,
    { tags: ['auth'], summary: 'The signed-in contact', errors: [401] },
    async (request) => sessionAnswerFor(requireViewer(request.viewer).contactId),
  );
}
