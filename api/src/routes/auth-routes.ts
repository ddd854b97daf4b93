import {
  codeParam, forgotPasswordAnswer, forgotPasswordRequest, loginRequest, okAnswer, resetCodeStatus, resetPasswordRequest, sessionAnswer,
  type SessionAnswer,
} from '@portal/contract';
import { MESSAGES, dashboardPathForGroup, normalizeEmail } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { requireViewer } from '../policy';
import { auditRecord, contactTarget } from '../services/audit';
import { checkResetCode, mailResetCodeTo, resetPassword } from '../services/reset-codes';
import { checkCredentials } from '../services/sign-in';
import { errorResponses, keyedRateLimit, publicRateLimit } from './route-helpers';
import { serviceContext } from '../services/service-context';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos, config } = app;

  async function sessionAnswerFor(contactId: number): Promise<SessionAnswer> {
    const contact = await repos.contacts.loadAnswer(contactId);
    if (!contact) throw new HttpError(401, MESSAGES.notSignedIn);
    return { contact, dashboard: dashboardPathForGroup(contact.group_id) };
  }

  routes.post(
    '/auth/login',
    {
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
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password; sets a new portal_session cookie (the old session, if any, ends)',
        body: loginRequest,
        response: { 200: sessionAnswer, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const ip = request.ip ?? null;
      const contact = await checkCredentials(serviceContext(app, request), request.body.username, request.body.password, ip);
      await app.sessions.start(request, reply, contact.contact_id, [
        auditRecord({ actorId: contact.contact_id, ip }, 'session.signed_in', contactTarget(contact), []),
      ]);
      return sessionAnswerFor(contact.contact_id);
    },
  );

  routes.post(
    '/auth/logout',
    {
      config: { public: true },
      schema: { tags: ['auth'], summary: 'Sign out: deletes the session and clears the cookie', response: { 200: okAnswer } },
    },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return { ok: true as const };
    },
  );

  routes.post(
    '/auth/forgot',
    {
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.contactNotFoundTryAgain },
      // Per e-mail too (docs/product/accounts-and-roles.md#one-time-codes-and-rate-limits): many addresses cannot flood one person's inbox.
      preHandler: keyedRateLimit(app, 'forgot-email', config.forgotRateLimit, (request) => (request.body as { email: string }).email),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link to the active contact with this e-mail',
        description: "docs/product/accounts-and-roles.md#password-reset: 404 'Contact not found. Please try again.' for an unknown or deactivated address (which tells whether it has an account).",
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordAnswer, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { result, changes } = await mailResetCodeTo(serviceContext(app, request), request.body.email);
      app.events.publish(...changes);
      return result;
    },
  );

  routes.get(
    '/auth/reset/:code',
    {
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.resetCodeInvalid },
      schema: {
        tags: ['auth'],
        summary: 'Is a reset code still good? 400 with the cause when not',
        params: codeParam,
        response: { 200: resetCodeStatus, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const check = await checkResetCode(serviceContext(app, request), request.params.code);
      if (!check.ok) throw new HttpError(400, check.message);
      const contact = await repos.contacts.findById(check.contactId);
      return { valid: true as const, first_name: contact?.first_name ?? '' };
    },
  );

  routes.post(
    '/auth/reset',
    {
      config: { public: true, rateLimit: publicRateLimit(app), invalidInputMessage: MESSAGES.contactNotUpdated },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset code; the contact is verified and its other sessions end',
        body: resetPasswordRequest,
        response: { 200: okAnswer, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const tokenHash = app.sessions.tokenHashOf(request);
      const session = request.viewer && tokenHash ? { contactId: request.viewer.contactId, tokenHash } : undefined;
      const { changes } = await resetPassword(serviceContext(app, request), request.body, session, request.ip ?? null);
      app.events.publish(...changes);
      return { ok: true as const };
    },
  );

  routes.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in contact', response: { 200: sessionAnswer, ...errorResponses(401) } } },
    async (request) => sessionAnswerFor(requireViewer(request.viewer).contactId),
  );
}
