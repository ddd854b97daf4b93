import { escapeHtml } from '@portal/domain';

// The pure parts of a signed-in first screen written into the page (page-hints.ts signedInPage): the
// {{placeholders}} filled from the visitor's own reads (which route a path is: the domain's matchRoute).

const PLACEHOLDER = /\{\{([a-z_]+)(?:\.([a-z_]+))?\}\}/g;

/** The reads a prerendered markup's placeholders name (`{{company.name}}` → company), the frame's `contact` and `dashboard` aside. */
export function placeholderSources(markup: string): Set<string> {
  return new Set([...markup.matchAll(PLACEHOLDER)].map((match) => match[1]!));
}

/**
 * The markup with each `{{read.field}}` (or `{{field}}`) replaced by that answer's value, escaped
 * for text and attributes alike; undefined when one is missing or not a string or number, so that a
 * placeholder never reaches the page.
 */
export function fillPlaceholders(markup: string, facts: Record<string, unknown>): string | undefined {
  let missing = false;
  const filled = markup.replace(PLACEHOLDER, (_whole, source: string, field: string | undefined) => {
    const answer = facts[source];
    const value = field === undefined ? answer : answer && typeof answer === 'object' ? (answer as Record<string, unknown>)[field] : undefined;
    if (typeof value === 'number' || typeof value === 'string') return escapeHtml(String(value));
    missing = true;
    return '';
  });
  return missing ? undefined : filled;
}
