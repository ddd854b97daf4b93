import { MAIL_IN_FILES_MAX, MAIL_IN_NOTE_MAX } from './mail-in';

// The words of a mail as a note holds them (docs/product/notifications-and-mail.md#the-note): the new words of its
// body, the files that were not attached, and what an admin's attaching of a held message says. Every test below
// reads one line of bounded length with patterns whose repetition is bounded too: the text is hostile, so nothing
// here may take more than linear time, whatever it holds.

/** Only this much of a body is read for its new words; they come first, the history below them. */
export const MAIL_IN_TEXT_SCAN_MAX = 200_000;
/** Longer lines are text, never a quote header or a signature line. */
const HEADER_LINE_MAX = 400;

const QUOTE_HEADERS: readonly RegExp[] = [
  // "On Tue, 24 Nov 2026 at 10:00, Ada <ada@example.com> wrote:", and the same in other languages.
  /^(on|am|le|el|il|em|op|den|w dniu|dnia)\s.{0,300}?(wrote|schrieb|a écrit|escribió|ha scritto|escreveu|schreef|skrev|napisał\(a\)|napisał|pisze)\s?:$/i,
  // "Am 24.11.2026 um 10:00 schrieb Ada <ada@example.com>:": the name after the verb.
  /^(am|op|den)\s.{0,300}?\s(schrieb|schreef|skrev)\s.{1,300}:$/i,
  /^-{2,}\s*(original message|forwarded message|ursprüngliche nachricht|message d'origine|mensaje original|messaggio originale)\s*-*$/i,
  // Outlook's rule above the quoted mail.
  /^_{10,}$/,
];
/** Outlook's quoted header: a From: line with Sent:, To: or Subject: (in some language) right below it. */
const OUTLOOK_FROM = /^(from|von|de|van|da|från|fra|od)\s?:\s*\S/i;
const OUTLOOK_FIELD = /^(sent|date|to|subject|cc|gesendet|datum|an|betreff|envoyé|à|objet|enviado|fecha|para|asunto|inviato|data|oggetto|a|verzonden|aan|onderwerp)\s?:/i;
const SIGNATURE_STARTS: readonly RegExp[] = [
  /^--\s?$/,
  /^(sent from|get outlook for|envoyé de mon|envoyé depuis|von meinem|enviado desde|verzonden vanaf|verstuurd vanaf)\s.{1,80}$/i,
];

const isQuoted = (line: string): boolean => /^\s{0,3}>/.test(line);
const isBlank = (line: string): boolean => line.trim() === '';
/** A line as a header test reads it: without the emphasis an HTML mail's bold `From:` turns into. */
const plain = (line: string): string => (line.length > HEADER_LINE_MAX ? '' : line.replace(/[*_]/g, '').trim());

/** How many lines the quote header at `index` takes (1 or 2: a mail program may wrap it), or 0 when there is none. */
function quoteHeaderAt(lines: readonly string[], index: number): number {
  const line = lines[index] ?? '';
  if (line.length > HEADER_LINE_MAX) return 0;
  const trimmed = line.trim();
  if (QUOTE_HEADERS.some((pattern) => pattern.test(trimmed) || pattern.test(plain(line)))) return 1;
  const next = lines[index + 1];
  if (next !== undefined && next.length <= HEADER_LINE_MAX && /^(on|am|le|el|il|em|op|den|w dniu|dnia)\s/i.test(trimmed)) {
    const joined = `${trimmed} ${next.trim()}`;
    if (QUOTE_HEADERS.some((pattern) => pattern.test(joined))) return 2;
  }
  if (OUTLOOK_FROM.test(plain(line))) {
    for (let below = index + 1; below <= index + 4 && below < lines.length; below += 1) {
      if (OUTLOOK_FIELD.test(plain(lines[below] ?? ''))) return 1;
    }
  }
  return 0;
}

const isSignatureStart = (line: string): boolean => line.length <= HEADER_LINE_MAX && SIGNATURE_STARTS.some((pattern) => pattern.test(line.trim()));
/** A horizontal rule, as Markdown writes an HTML mail's <hr>: left over above a cut history. */
const isRule = (line: string): boolean => /^\s*([-*_]\s*){3,}$/.test(line.length > HEADER_LINE_MAX ? 'x' : line);

/**
 * The new words of a mail body (docs/product/notifications-and-mail.md#the-note): the quoted history and the
 * signature cut. History starts at a quote header ("On … wrote:", "-----Original Message-----", Outlook's From:/Sent:
 * block); quoted lines (`>`) are dropped wherever they are, so an answer written between the quoted lines stays.
 * The signature starts at `-- ` or a "Sent from my …" line. Runs of blank lines become one.
 */
export function mailNewWords(body: string): string {
  const lines = body.slice(0, MAIL_IN_TEXT_SCAN_MAX).replace(/\r\n?/g, '\n').split('\n');
  // textFrom[i]: a line at i or below is the writer's own (neither blank nor quoted).
  const textFrom: boolean[] = new Array<boolean>(lines.length + 1).fill(false);
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const line = lines[index] ?? '';
    textFrom[index] = textFrom[index + 1]! || (!isBlank(line) && !isQuoted(line));
  }
  const kept: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (isQuoted(line)) continue;
    const header = quoteHeaderAt(lines, index);
    if (header > 0) {
      // A header over `>` lines with the writer's answers among them (an interleaved reply): only the header goes.
      let below = index + header;
      while (below < lines.length && isBlank(lines[below] ?? '')) below += 1;
      if (below < lines.length && isQuoted(lines[below] ?? '') && textFrom[below]) {
        index += header - 1;
        continue;
      }
      break;
    }
    if (isSignatureStart(line)) break;
    kept.push(line.replace(/\s+$/, ''));
  }
  while (kept.length > 0 && (isBlank(kept.at(-1)!) || isRule(kept.at(-1)!))) kept.pop();
  const collapsed: string[] = [];
  for (const line of kept) {
    if (isBlank(line) && (collapsed.length === 0 || isBlank(collapsed.at(-1)!))) continue;
    collapsed.push(line);
  }
  return collapsed.join('\n').trim();
}

/** What a note says when a mail had no words of its own. */
export const MAIL_IN_NO_TEXT = '(no text)';

/**
 * The note a mail writes (docs/product/notifications-and-mail.md#the-note): its new words, else '(no text)', cut to
 * MAIL_IN_NOTE_MAX, then one line per file that did not become an attachment.
 */
export function mailInNoteText(newWords: string, notAttached: readonly string[] = []): string {
  const footer = notAttached.length > 0 ? `\n\n${notAttached.join('\n')}` : '';
  const room = Math.max(0, MAIL_IN_NOTE_MAX - Math.min(footer.length, MAIL_IN_NOTE_MAX / 2));
  const words = newWords.trim() === '' ? MAIL_IN_NO_TEXT : newWords.trim();
  const body = words.length > room ? `${words.slice(0, room - 1)}…` : words;
  return `${body}${footer}`.slice(0, MAIL_IN_NOTE_MAX);
}

/** The line naming a file of a mail that was not attached, with the upload's own reason. */
export function notAttachedLine(fileName: string, reason: string): string {
  return `Not attached: ${fileName} (${reason.replace(/\.$/, '')}).`;
}

/** A held message's files (the first MAIL_IN_FILES_MAX by name): it is not a ticket's, so they stay in the original only. */
export function heldFilesLine(fileNames: readonly string[]): string | null {
  if (fileNames.length === 0) return null;
  const named = fileNames.slice(0, MAIL_IN_FILES_MAX).join(', ');
  const more = fileNames.length - MAIL_IN_FILES_MAX;
  return `Files in the mail, not attached: ${named}${more > 0 ? ` and ${more} more` : ''}.`;
}

/** The note an admin's attaching of a held message writes, by the support team: who wrote it, then its words. */
export function heldMailNoteText(from: { name: string | null; address: string }, text: string): string {
  const name = from.name?.trim() ?? '';
  return `From ${name ? `${name} ` : ''}<${from.address}>:\n\n${text}`;
}
