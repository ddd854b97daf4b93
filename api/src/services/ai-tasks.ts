import type { AiConfig } from '../config';

export const AI_TASK_MAX_TOKENS = 150;
/** One first try plus up to three retries on 429 (spec 000 §7). */
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

export function aiTasksConfigured(config: AiConfig): boolean {
  return !!config.baseUrl && !!config.apiKey;
}

function retryAfterSeconds(header: string | null): number {
  const seconds = header === null ? Number.NaN : Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : AI_DEFAULT_RETRY_SECONDS;
}

/** The message content must be a JSON array of strings (a ```json fence around it is tolerated). */
export function parseTaskList(content: unknown): string[] {
  if (typeof content !== 'string') throw new AiServiceError('format');
  const unfenced = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced);
  } catch {
    throw new AiServiceError('format');
  }
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) throw new AiServiceError('format');
  return parsed.map((item: string) => item.trim()).filter((item) => item !== '');
}

const SYSTEM_PROMPT =
  'You turn a support ticket into a short checklist for the developer who works it. ' +
  'Answer with a JSON array of strings only (at most 8 short imperative tasks), no other text.';

/** Calls the OpenAI-compatible chat-completions endpoint with the lower-tier model. */
export async function generateTaskList(config: AiConfig, ticket: { title: string; description: string }): Promise<string[]> {
  if (!aiTasksConfigured(config)) throw new AiServiceError('unconfigured');
  const body = JSON.stringify({
    model: config.taskModel,
    max_tokens: AI_TASK_MAX_TOKENS,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: `Title: ${ticket.title}\n\nDescription:\n${ticket.description}` },
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
    const content = (payload as { choices?: { message?: { content?: unknown } }[] })?.choices?.[0]?.message?.content;
    return parseTaskList(content);
  }
}
