import fp from 'fastify-plugin';

/**
 * Where a process is in its life, for the readiness check and the drain on SIGTERM
 * (docs/operations.md#stopping-restarting-and-upgrading): once `draining` is set, `/api/ready` answers 503 so
 * the load balancer stops sending, while requests already in flight finish.
 */
export interface Lifecycle {
  draining: boolean;
  /** Set once app.close() began: the port is closed and only the requests in flight remain. */
  closing: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app) => {
    app.decorate('lifecycle', { draining: false, closing: false });
    // While draining (api/src/shutdown.ts), every answer closes its connection: the client's next
    // request opens a new one, which reaches a process still serving.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (app.lifecycle.draining) reply.header('connection', 'close');
      done(null, payload);
    });
    // app.close() closes the keep-alive connections idle at that moment and waits for the busy ones. A
    // response whose headers went out before (a download whose last chunk the client already has, say)
    // leaves its connection idle and open when it ends, and the close would wait out the keep-alive
    // timeout (72 s): once closing, each finished response closes the connections then idle.
    app.addHook('preClose', (done) => {
      app.lifecycle.closing = true;
      done();
    });
    app.addHook('onResponse', (_request, _reply, done) => {
      // After Node's own 'finish' handling, which marks the connection idle.
      if (app.lifecycle.closing) setImmediate(() => app.server.closeIdleConnections());
      done();
    });
  },
  { name: 'portal-lifecycle' },
);
