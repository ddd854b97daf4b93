import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the fake received: its bearer header and its JSON body. */
export interface ChatRequestSeen {
  authorization?: string;
  body: { model?: string; max_tokens?: number; messages?: { role?: string; content: string }[] } & Record<string, unknown>;
}

export type ChatHandler = (request: IncomingMessage & { json: Record<string, unknown> }, response: ServerResponse) => void;

export interface FakeChatService {
  /** The OpenAI-compatible base URL (…/v1) to give the API as AI_BASE_URL. */
  baseUrl: string;
  /** Every request, in order; empty it between tests. */
  seen: ChatRequestSeen[];
  /** How the next requests are answered. */
  answer(handler: ChatHandler): void;
  close(): Promise<void>;
}

/** A chat-completion answer whose message content is `content`. */
export const completion = (content: string) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] });

/** A real OpenAI-compatible service on a random loopback port, so the API's own HTTP client is tested. */
export async function startFakeChatService(): Promise<FakeChatService> {
  const seen: ChatRequestSeen[] = [];
  let handler: ChatHandler = (_request, response) => response.writeHead(503).end();
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const json = JSON.parse(raw || '{}') as Record<string, unknown>;
      seen.push({ authorization: request.headers.authorization, body: json });
      handler(Object.assign(request, { json }), response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    seen,
    answer: (next) => {
      handler = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
