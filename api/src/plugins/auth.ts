import cookie from '@fastify/cookie';
import { isClient, type Viewer } from '@portal/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hashSecretToken, newSecretToken } from '../password';

export const SESSION_COOKIE = 'portal_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in contact, or null for an anonymous request. */
    viewer: Viewer | null;
  }
  interface FastifyInstance {
    sessions: {
      /** The viewer of a session token now, or null when the session is revoked or expired (or its contact inactive). */
      viewerFor(token: string): Promise<Viewer | null>;
      start(reply: FastifyReply, contactId: number): Promise<void>;
      end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
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

    const viewerFor = async (token: string): Promise<Viewer | null> => {
      const row = await repos.sessions.findViewer(hashSecretToken(token), new Date());
      if (!row) return null;
      // Only clients are scoped by company (staff rules never read the lists): one read gives both.
      const links = isClient(row.group_id) ? await repos.contacts.companyLinks(row.contact_id) : { companyIds: [], primaryCompanyIds: [] };
      return { contactId: row.contact_id, groupId: row.group_id, ...links };
    };

    app.decorateRequest('viewer', null);
    app.addHook('onRequest', async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.viewer = await viewerFor(token);
    });

    app.decorate('sessions', {
      viewerFor,
      async start(reply: FastifyReply, contactId: number) {
        // Sign-in is rare enough to carry the housekeeping: expired rows never pile up.
        await repos.sessions.deleteExpired(new Date());
        const token = newSecretToken();
        const maxAgeSeconds = config.sessionDays * 24 * 60 * 60;
        await repos.sessions.create(contactId, hashSecretToken(token), new Date(Date.now() + maxAgeSeconds * 1000));
        reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: maxAgeSeconds });
      },
      async end(request: FastifyRequest, reply: FastifyReply) {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await repos.sessions.deleteByTokenHash(hashSecretToken(token));
        reply.clearCookie(SESSION_COOKIE, cookieOptions);
      },
    });
  },
  { name: 'portal-auth', dependencies: ['portal-config', 'portal-db'] },
);
