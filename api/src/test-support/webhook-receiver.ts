import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the receiver got: the headers and the raw body, as a webhook consumer sees them. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the next request: a status, or no answer at all (a hang, for the timeout). */
export type Answer = number | 'hang';

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: it records every request and answers with the statuses queued
 * in `answers` (then 200). `url(path)` is its address.
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '/', headers: request.headers, body });
      const answer = answers.shift() ?? 200;
      if (answer === 'hang') {
        hanging.add(response);
        return;
      }
      response.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'thanks' : `no: ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    answers,
    port,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    reset() {
      received.length = 0;
      answers.length = 0;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
