import cookie from '@fastify/cookie';
import {
  SECURITY_MESSAGES, isClient, isEnrolmentRoute, isStaff, sessionChanges, type ApiTokenGrant, type Change, type Viewer,
} from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';
import { hashSecretToken, newSecretToken } from '../password';
import type { AuditRecord } from '../repositories/audit-repository';
import { PASSKEY_COOKIE, SIGN_IN_COOKIE } from '../services/second-factor-sign-in';
import { enrolRequiredFor } from '../services/security-policy';
import { startSession } from '../services/sessions';
import { authenticateBearer, checkCompanyBody } from './api-token-auth';
import { bearerTokenOf } from './bearer';
import { createSessionCache, type CachedSession } from './session-cache';
import { createSessionTouches, TOUCH_FLUSH_MS } from './session-touches';

export const SESSION_COOKIE = 'portal_session';


/** How often a session in use has its last_seen written (docs/architecture.md#security): at most once a minute. */
const RENEW_EVERY_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in contact, or null for an anonymous request. */
    viewer: Viewer | null;
    /** The admins require a second factor of the viewer and none is enrolled: only enrolment routes answer. */
    enrolRequired: boolean;
    /**
     * What a bearer request's personal access token grants (docs/decisions/0020-api-tokens.md); null for a cookie
     * session or an anonymous request. `viewer` is then the token's owner.
     */
    apiToken: ApiTokenGrant | null;
  }
  interface FastifyInstance {
    sessions: {
      /**
       * The viewer of a session token now, or null when the session is revoked, expired or idle (or
       * its contact inactive). `renew` marks it used (a request; the live stream's re-reads do not).
       * `fresh` reads it from the database whatever this process holds (the stream's periodic check).
       */
      viewerFor(token: string, options?: { renew?: boolean; fresh?: boolean }): Promise<Viewer | null>;
      /** The stored hash of the request's session cookie, if it sent one. */
      tokenHashOf(request: FastifyRequest): string | undefined;
      /** Writes the renewals of last_seen still waiting for their batch (session-touches.ts). */
      flushTouches(): Promise<void>;
      /**
       * Signs in: the request's old session, if any, is deleted and a new token issued (no fixation); `audit` is
       * written with it (the sign-in's entry). Answers the changes to publish: the old session's end.
       */
      start(
        request: FastifyRequest, reply: FastifyReply, contactId: number, audit?: readonly AuditRecord[], extra?: { upgradedHash?: string },
      ): Promise<readonly Change[]>;
      /** Signs out: the session deleted, the cookie cleared. Answers the changes to publish (docs/architecture.md#sessions-in-memory). */
      end(request: FastifyRequest, reply: FastifyReply): Promise<readonly Change[]>;
      /** Sets (a token) or clears (null) a short-lived, httpOnly, SameSite=Strict cookie of the sign-in's steps. */
      setStepCookie(reply: FastifyReply, name: typeof SIGN_IN_COOKIE | typeof PASSKEY_COOKIE, token: string | null, maxAgeSeconds?: number): void;
    };
  }
}

export const authPlugin = fp(
  async (app) => {
    const { config, repos } = app;
    await app.register(cookie);
    const cookieOptions = {
      httpOnly: true,
      sameSite: 'lax' as const,
      path: '/',
      secure: config.secureCookies,
    };

    const idleMs = config.sessionIdleHours * 60 * 60 * 1000;
    const maxAgeSeconds = config.sessionDays * 24 * 60 * 60;

    // docs/architecture.md#sessions-in-memory: held a few seconds, dropped at once by the changes that revoke them.
    const cache = createSessionCache({ ttlMs: config.sessionCacheMs, idleMs });
    // Renewals written together, one commit every TOUCH_FLUSH_MS (session-touches.ts).
    const touches = createSessionTouches({
      write: (ids, now, unlessSince) => repos.sessions.touch(ids, now, unlessSince), clock: config.clock, idleMs, renewEveryMs: RENEW_EVERY_MS, log: app.log,
    });
    const flushTimer = setInterval(() => void touches.flush(), TOUCH_FLUSH_MS);
    flushTimer.unref();
    app.addHook('onClose', async () => {
      clearInterval(flushTimer);
      await touches.flush();
    });

    /** The session of `tokenHash` now, from memory when this process read it moments ago; null when it is not alive. */
    const sessionOf = async (tokenHash: string, options: { renew?: boolean; fresh?: boolean }): Promise<CachedSession | null> => {
      const now = config.clock();
      let session = options.fresh ? undefined : cache.get(tokenHash, now);
      if (!session) {
        const generation = cache.generation;
        const row = await repos.sessions.findViewer(tokenHash, now, new Date(now.getTime() - idleMs));
        if (!row) {
          if (options.fresh) cache.dropToken(tokenHash);
          return null;
        }
        // Only clients are scoped by company (staff rules never read the lists): one read gives both.
        const links = isClient(row.group_id) ? await repos.contacts.companyLinks(row.contact_id) : { companyIds: [], primaryCompanyIds: [] };
        session = {
          viewer: { contactId: row.contact_id, groupId: row.group_id, ...links }, sessionId: row.session_id,
          lastSeenMs: Date.parse(row.last_seen), expiresMs: Date.parse(row.expires),
        };
        cache.put(tokenHash, session, now, generation);
      }
      // Renewed at most once a minute, so a busy session does not write on every request (nor does a held one skip it).
      if (options.renew) await touches.use(session, now);
      return session;
    };

    const viewerFor = async (token: string, options: { renew?: boolean; fresh?: boolean } = {}): Promise<Viewer | null> =>
      (await sessionOf(hashSecretToken(token), options))?.viewer ?? null;

    /** Whether the staff member must enrol a second factor first: read once per held session. */
    const enrolRequiredOf = async (session: CachedSession): Promise<boolean> => {
      if (session.enrolRequired !== undefined) return session.enrolRequired;
      const generation = cache.generation;
      const required = await enrolRequiredFor({ repos }, session.viewer.contactId, session.viewer.groupId);
      cache.settle(session, required, generation);
      return required;
    };

    // Every change this process publishes or the transport brings: what revokes or re-scopes a session drops it here.
    app.addHook('onReady', async () => {
      app.events.onChanges({ changes: (changes) => cache.forget(changes), resync: () => cache.clear() });
    });

    const tokenHashOf = (request: FastifyRequest): string | undefined => {
      // A bearer request's cookies are not its own (api-token-auth.ts): it has no session to keep.
      if (request.apiToken) return undefined;
      const token = request.cookies[SESSION_COOKIE];
      return token ? hashSecretToken(token) : undefined;
    };

    app.decorateRequest('viewer', null);
    app.decorateRequest('enrolRequired', false);
    app.decorateRequest('apiToken', null);
    app.addHook('onRequest', async (request, reply) => {
      // A bearer request is a script's: its cookies are ignored, its token alone says who it is (api-token-auth.ts).
      const bearer = bearerTokenOf(request);
      if (bearer !== undefined) {
        const url = request.routeOptions.url;
        if (url === undefined || !url.startsWith('/api/')) return;
        const { viewer, grant } = await authenticateBearer(app, request, reply, bearer);
        request.viewer = viewer;
        request.apiToken = grant;
        if (!isStaff(viewer.groupId)) return;
        // Its owner must enrol a second factor first: the token answers what the session would (enrolment is cookie-only).
        request.enrolRequired = await enrolRequiredFor({ repos }, viewer.contactId, viewer.groupId);
        const isPublic = (request.routeOptions.config as { public?: boolean } | undefined)?.public === true;
        if (request.enrolRequired && !isPublic) throw new HttpError(403, SECURITY_MESSAGES.enrolRequired);
        return;
      }
      const token = request.cookies[SESSION_COOKIE];
      // A process that has not yet heard every change the caller may have seen reads the session (change-sequence.ts).
      const session = token ? await sessionOf(hashSecretToken(token), { renew: true, fresh: !request.current }) : null;
      request.viewer = session?.viewer ?? null;
      // docs/product/accounts-and-roles.md#account-security: a user the admins require a second factor of
      // may only enrol one (and sign out) until done; public routes need no session and stay open.
      if (!session || !isStaff(session.viewer.groupId)) return;
      request.enrolRequired = await enrolRequiredOf(session);
      const route = request.routeOptions;
      // The front end's routes (pages, its files, the remotes) answer them: the shell's route guard sends every
      // page to the Security page, which is made of them. Only the API is walled.
      if (route.url !== undefined && !route.url.startsWith('/api/')) return;
      const path = (route.url ?? '').replace(/^\/api(?=\/)/, '');
      const isPublic = (route.config as { public?: boolean } | undefined)?.public === true;
      if (request.enrolRequired && !isPublic && !isEnrolmentRoute(request.method, path)) throw new HttpError(403, SECURITY_MESSAGES.enrolRequired);
    });

    // A company-scoped staff token opens tickets for its company only: the body is read once parsed (api-token-auth.ts).
    app.addHook('preHandler', checkCompanyBody);

    app.decorate('sessions', {
      viewerFor,
      tokenHashOf,
      flushTouches: () => touches.flush(),
      async start(request: FastifyRequest, reply: FastifyReply, contactId: number, audit: readonly AuditRecord[] = [], extra: { upgradedHash?: string } = {}) {
        const now = config.clock();
        // A session id planted before sign-in never becomes a signed-in one: it ends here.
        const previousTokenHash = tokenHashOf(request);
        const token = newSecretToken();
        await startSession({ db: app.db, repos, config }, {
          contactId, tokenHash: hashSecretToken(token), previousTokenHash, now,
          idleSince: new Date(now.getTime() - idleMs), expires: new Date(now.getTime() + maxAgeSeconds * 1000), audit,
          userAgent: request.headers['user-agent'] ?? null, address: request.ip ?? null, upgradedHash: extra.upgradedHash,
        });
        if (previousTokenHash) cache.dropToken(previousTokenHash);
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: maxAgeSeconds });
        // The old session, when it was alive, was request.viewer's: other processes may hold it.
        return previousTokenHash && request.viewer ? sessionChanges([request.viewer.contactId]) : [];
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        const tokenHash = tokenHashOf(request);
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
        if (!tokenHash) return [];
        await repos.sessions.deleteByTokenHash(tokenHash);
        cache.dropToken(tokenHash);
        return request.viewer ? sessionChanges([request.viewer.contactId]) : [];
      },
      setStepCookie(reply: FastifyReply, name: typeof SIGN_IN_COOKIE | typeof PASSKEY_COOKIE, token: string | null, maxAgeSeconds = 300) {
        const options = { ...cookieOptions, sameSite: 'strict' as const, path: '/api/auth' };
        if (token === null) reply.clearCookie(name, options);
        else reply.setCookie(name, token, { ...options, maxAge: maxAgeSeconds });
      },
    });
  },
  { name: 'portal-auth', dependencies: ['portal-config', 'portal-db'] },
);
