import { mailNewWords } from '@portal/domain';
import TurndownService from 'turndown';

// The words of a mail as a note holds them (docs/product/notifications-and-mail.md#the-note): the text part, or the
// HTML part turned into Markdown when there is no text, then cut to the new words (@portal/domain mailNewWords).

/** Only this much of an HTML part is turned into Markdown: the new words come first. */
export const MAIL_IN_HTML_MAX = 300_000;
/**
 * Deeper HTML is read as text: the converter's parser slows down with every level and gives up (a stack overflow)
 * at a few thousand, and no mail program nests anywhere near this.
 */
export const MAIL_IN_HTML_DEPTH_MAX = 400;

/** Elements that never have content, and those whose end tag may be left out: neither makes the HTML deeper. */
const FLAT_ELEMENTS = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'p', 'li', 'td', 'th', 'tr', 'option', 'dt', 'dd',
]);

/** How deep the elements of `html` nest at most, by its start and end tags (one pass). */
export function htmlDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const match of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9-]{0,40})([^<>]{0,2000})>/g)) {
    const [, closing, tag = '', rest = ''] = match;
    if (FLAT_ELEMENTS.has(tag.toLowerCase()) || rest.endsWith('/')) continue;
    depth = closing ? Math.max(0, depth - 1) : depth + 1;
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

function markdownService(): TurndownService {
  const service = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', hr: '---', bulletListMarker: '-' });
  service.remove(['script', 'style', 'head', 'title', 'meta', 'link', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea']);
  // An image is a file of the mail (an attachment) or a remote picture: the note keeps its words only.
  service.addRule('imageAsText', {
    filter: 'img',
    replacement: (_content, node) => service.escape((node as unknown as { getAttribute(name: string): string | null }).getAttribute('alt')?.trim() ?? ''),
  });
  return service;
}

/** Tags out and the common entities decoded: what is left when a hostile HTML part defeats the converter. */
function strippedHtml(html: string): string {
  return html
    .replace(/<br\s{0,10}\/?>|<\/(p|div|li|tr|h\d)\s{0,10}>/gi, '\n')
    .replace(/<[^<>]{0,2000}>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** An HTML part as Markdown: scripts, styles and images out; a part the converter cannot read loses its tags instead. */
export function htmlToMarkdown(html: string): string {
  const bounded = html.slice(0, MAIL_IN_HTML_MAX);
  if (htmlDepth(bounded) > MAIL_IN_HTML_DEPTH_MAX) return strippedHtml(bounded);
  try {
    return markdownService().turndown(bounded);
  } catch {
    // Nesting deep enough to exhaust the converter's recursion, and the like.
    return strippedHtml(bounded);
  }
}

/** The new words of a parsed mail: its text part, else its HTML part as Markdown; '' when it has neither. */
export function mailBodyWords(parsed: { text?: string | undefined; html?: string | false | undefined }): string {
  if (parsed.text !== undefined && parsed.text.trim() !== '') return mailNewWords(parsed.text);
  if (typeof parsed.html === 'string' && parsed.html.trim() !== '') return mailNewWords(htmlToMarkdown(parsed.html));
  return '';
}
