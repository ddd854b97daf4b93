import type { AiConfig } from '../config';

/** One first try plus up to three retries on 429 (docs/decisions/0005-ai-and-accounting-on-the-server.md). */
export const AI_MAX_RETRIES = 3;
export const AI_DEFAULT_RETRY_SECONDS = 2;
/** A retry-after beyond this is not waited for: the user is told the service is busy instead. */
const AI_MAX_RETRY_SECONDS = 30;

export type AiFailure = 'unconfigured' | 'busy' | 'failed' | 'format';

export class AiServiceError extends Error {
  constructor(readonly failure: AiFailure) {
    super(`AI service: ${failure}`);
    this.name = 'AiServiceError';
  }
}

/** AI_BASE_URL and AI_API_KEY are both set (both helpers use the same service). */
export function aiConfigured(config: AiConfig): boolean {
  return !!config.baseUrl && !!config.apiKey;
}

function retryAfterSeconds(header: string | null): number {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : AI_DEFAULT_RETRY_SECONDS;
}

export interface ChatRequest {
  model: string;
  maxTokens: number;
  system: string;
  user: string;
}

/**
 * One chat completion from the OpenAI-compatible service: the first choice's message content. A
 * 429 is retried up to AI_MAX_RETRIES times after its retry-after (2 s by default); every other
 * failure is an AiServiceError the routes turn into 502/503.
 */
export async function chatCompletion(config: AiConfig, request: ChatRequest): Promise<unknown> {
  if (!aiConfigured(config)) throw new AiServiceError('unconfigured');
  const body = JSON.stringify({
    model: request.model,
    max_tokens: request.maxTokens,
    messages: [
      { role: 'system', content: request.system },
      { role: 'user', content: request.user },
    ],
  });
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
        body,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch {
      throw new AiServiceError('failed');
    }
    if (response.status === 429) {
      await response.body?.cancel().catch(() => undefined);
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      if (attempt >= AI_MAX_RETRIES || wait > AI_MAX_RETRY_SECONDS) throw new AiServiceError('busy');
      await config.sleep(wait * 1000);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new AiServiceError('failed');
    }
    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      throw new AiServiceError('format');
    }
    return (payload as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
  }
}
