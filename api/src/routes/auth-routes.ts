import {
  codeParam, forgotPasswordAnswer, forgotPasswordRequest, loginRequest, okAnswer, resetCodeStatus, resetPasswordRequest, sessionAnswer,
  type SessionAnswer,
} from '@portal/contract';
import { MESSAGES, dashboardPathForGroup } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { dummyPasswordHash, verifyPassword } from '../password';
import { requireViewer } from '../policy';
import { normalizeEmail } from '../repositories/contact-repository';
import { auditRecord, contactTarget } from '../services/audit';
import { checkResetCode, mailResetCodeTo, resetPassword } from '../services/reset-codes';
import { errorResponses, keyedRateLimit, publicRateLimit } from './route-helpers';

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
      const contact = await repos.contacts.findActiveByEmail(request.body.username);
      // Always one scrypt, so response time does not tell whether the e-mail exists.
      const valid = await verifyPassword(request.body.password, contact?.password_hash ?? (await dummyPasswordHash()));
      const ip = request.ip ?? null;
      if (!contact || !valid) {
        // Every failed attempt is in the trail, known address or not (admins read it; nobody else).
        const attempted = normalizeEmail(request.body.username).slice(0, 254);
        await repos.audit.record([
          auditRecord({ actorId: contact?.contact_id ?? null, ip }, 'session.sign_in_failed', { entityId: contact?.contact_id ?? null, companyId: null, subject: attempted }, []),
        ]);
        throw new HttpError(401, MESSAGES.invalidCredentials);
      }
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
      // Per e-mail too (DESIGN §8): many addresses cannot flood one person's inbox.
      preHandler: keyedRateLimit(app, 'forgot-email', config.forgotRateLimit, (request) => (request.body as { email: string }).email),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link to the active contact with this e-mail',
        description: "Spec 001 §5: 404 'Contact not found. Please try again.' for an unknown or deactivated address (which tells whether it has an account).",
        body: forgotPasswordRequest,
        response: { 200: forgotPasswordAnswer, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => mailResetCodeTo(app, request.body.email),
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
      const check = await checkResetCode(app, request.params.code);
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
      await resetPassword(app, request.body, session, request.ip ?? null);
      return { ok: true as const };
    },
  );

  routes.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in contact', response: { 200: sessionAnswer, ...errorResponses(401) } } },
    async (request) => sessionAnswerFor(requireViewer(request.viewer).contactId),
  );
}
