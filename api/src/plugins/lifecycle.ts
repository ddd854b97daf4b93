import fp from 'fastify-plugin';

/**
 * Where a process is in its life, for the readiness check and the drain on SIGTERM
 * (README.md#stopping-restarting-and-upgrading): once `draining` is set, `/api/ready` answers 503 so
 * the load balancer stops sending, while requests already in flight finish.
 */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app) => {
    app.decorate('lifecycle', { draining: false });
    // While draining (api/src/shutdown.ts), every answer closes its connection: the client's next
    // request opens a new one, which reaches a process still serving.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (app.lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'portal-lifecycle' },
);
