import { loginRequest, okAnswer, sessionAnswer, type SessionAnswer } from '@portal/contract';
import { MESSAGES, dashboardPathForGroup } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { dummyPasswordHash, verifyPassword } from '../password';
import { requireViewer } from '../policy';
import { normalizeEmail } from '../repositories/contact-repository';
import { errorResponses } from './route-helpers';

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
        summary: 'Sign in with e-mail and password; sets the portal_session cookie',
        body: loginRequest,
        response: { 200: sessionAnswer, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const contact = await repos.contacts.findActiveByEmail(request.body.username);
      // Always one scrypt, so response time does not tell whether the e-mail exists.
      const valid = await verifyPassword(request.body.password, contact?.password_hash ?? (await dummyPasswordHash()));
      if (!contact || !valid) throw new HttpError(401, MESSAGES.invalidCredentials);
      await app.sessions.start(reply, contact.contact_id);
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

  routes.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in contact', response: { 200: sessionAnswer, ...errorResponses(401) } } },
    async (request) => sessionAnswerFor(requireViewer(request.viewer).contactId),
  );
}
