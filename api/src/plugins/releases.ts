import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReleaseHost } from '../services/release-host';

// Canary releases (docs/deploying-a-remote.md#canary-releases): the release host the server serving the front end
// hands over (its remotes map file and deploy log). None by default: an API alone serves no remotes, so its job runner
// judges no canary.

export interface Releases {
  /** The server's release host; null until it calls `useHost`. */
  readonly host: ReleaseHost | null;
  useHost(host: ReleaseHost | null): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    releases: Releases;
  }
}

export const releasesPlugin = fp(
  async (app: FastifyInstance) => {
    let host: ReleaseHost | null = null;
    app.decorate('releases', {
      get host() {
        return host;
      },
      useHost(next: ReleaseHost | null) {
        host = next;
      },
    });
  },
  { name: 'portal-releases' },
);
