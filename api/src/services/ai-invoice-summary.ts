import { INVOICE_SUMMARY_MAX_LENGTH, INVOICE_SUMMARY_WORDS, type InvoiceLine } from '@portal/domain';
import type { AiConfig } from '../config';
import { AiServiceError, chatCompletion } from './ai-chat';

export const AI_INVOICE_MAX_TOKENS = 150;
/** The prompt lists at most this much of the month's work: enough for 40 words, bounded for cost. */
const WORK_TEXT_MAX_LENGTH = 6000;

const SYSTEM_PROMPT =
  `You write the short message at the top of a web agency's monthly invoice to its client. In about ${INVOICE_SUMMARY_WORDS} words ` +
  'of plain prose, summarise the work completed this month from the ticket titles and work notes you are given. ' +
  'No greeting, no sign-off, no prices, hours or ticket numbers; answer with the message only.';

/** The month's work as the prompt reads it: one line per ticket, its title and its distinct notes. */
export function invoiceWorkText(companyName: string, monthLabel: string, lines: readonly InvoiceLine[]): string {
  const tickets = new Map<string, Set<string>>();
  for (const line of lines) {
    const title = line.ticket_title?.trim() || 'Other work';
    const notes = tickets.get(title) ?? new Set<string>();
    if (line.description.trim()) notes.add(line.description.trim());
    tickets.set(title, notes);
  }
  const work = [...tickets].map(([title, notes]) => `- ${title}${notes.size > 0 ? `: ${[...notes].join('; ')}` : ''}`).join('\n');
  return `Client: ${companyName}\nMonth: ${monthLabel}\nWork:\n${work}`.slice(0, WORK_TEXT_MAX_LENGTH);
}

/** The 40-word invoice message (docs/product/time-and-billing.md#invoice-summary) from the higher-tier model; empty content is a format failure. */
export async function generateInvoiceSummary(config: AiConfig, workText: string): Promise<string> {
  const content = await chatCompletion(config, {
    model: config.invoiceModel,
    maxTokens: AI_INVOICE_MAX_TOKENS,
    system: SYSTEM_PROMPT,
    user: workText,
  });
  const summary = typeof content === 'string' ? content.trim().replace(/^["']|["']$/g, '').replace(/\s+/g, ' ').trim() : '';
  if (!summary) throw new AiServiceError('format');
  return summary.slice(0, INVOICE_SUMMARY_MAX_LENGTH);
}
