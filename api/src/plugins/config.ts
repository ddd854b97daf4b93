import fp from 'fastify-plugin';
import type { PortalConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: PortalConfig;
  }
}

export const configPlugin = fp<{ config: PortalConfig }>(
  async (app, options) => {
    app.decorate('config', options.config);
  },
  { name: 'portal-config' },
);
