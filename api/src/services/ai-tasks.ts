import type { AiConfig } from '../config';
import { AiServiceError, chatCompletion } from './ai-chat';

export const AI_TASK_MAX_TOKENS = 150;

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

/** The task list of a ticket, from the lower-tier model (docs/product/tickets.md#ai-task-list). */
export async function generateTaskList(config: AiConfig, ticket: { title: string; description: string }): Promise<string[]> {
  const content = await chatCompletion(config, {
    model: config.taskModel,
    maxTokens: AI_TASK_MAX_TOKENS,
    system: SYSTEM_PROMPT,
    user: `Title: ${ticket.title}\n\nDescription:\n${ticket.description}`,
  });
  return parseTaskList(content);
}
