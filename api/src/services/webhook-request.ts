import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { WEBHOOK_ANSWER_MAX, WEBHOOK_TIMEOUT_MS, webhookSignatureHeader, webhookSignedText } from '@portal/domain';
import { checkedAddress, resolveAll, type ResolveAll } from './webhook-address';

// One webhook request (docs/product/integrations.md#verifying-a-delivery): signed, sent to the address the guard
// checked (webhook-address.ts) and to no other, within its time limit, never following a redirect.

/** `Portal-Signature`: HMAC-SHA256 with the endpoint's secret over "<t>.<body>". */
export function signatureOf(secret: string, timestamp: number, body: string): string {
  return webhookSignatureHeader(timestamp, createHmac('sha256', secret).update(webhookSignedText(timestamp, body)).digest('hex'));
}

export interface AttemptResult {
  ok: boolean;
  statusCode: number | null;
  answer: string | null;
  error: string | null;
}

/** One POST to the checked address, with a time limit, never following a redirect. */
export async function postOnce(
  url: URL, body: string, headers: Record<string, string>, options: { allowedHosts: readonly string[]; resolve?: ResolveAll; timeoutMs?: number },
): Promise<AttemptResult> {
  let address;
  try {
    address = await checkedAddress(url, options.allowedHosts, options.resolve ?? resolveAll);
  } catch (error) {
    return { ok: false, statusCode: null, answer: null, error: (error as Error).message };
  }
  const pinned: LookupFunction = (_host, lookupOptions, callback) => {
    if ((lookupOptions as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      lookup: pinned,
      timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      headers: { 'content-type': 'application/json', 'user-agent': 'Portal-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
    }, (response) => {
      let answer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (answer.length < WEBHOOK_ANSWER_MAX) answer += chunk;
      });
      response.on('end', () => {
        const statusCode = response.statusCode ?? 0;
        const ok = statusCode >= 200 && statusCode < 300;
        resolve({ ok, statusCode, answer: answer.slice(0, WEBHOOK_ANSWER_MAX), error: ok ? null : `HTTP ${statusCode}` });
      });
      response.on('error', (error) => resolve({ ok: false, statusCode: response.statusCode ?? null, answer: null, error: error.message }));
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${(options.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`)));
    request.on('error', (error) => resolve({ ok: false, statusCode: null, answer: null, error: error.message }));
    request.end(body);
  });
}
