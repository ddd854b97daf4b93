import { isStaff } from './groups';

/**
 * What a typed search means (docs/product/search.md#what-it-finds). The text comes from anyone: it is
 * cut to SEARCH_MAX_CHARS, read as words of letters and digits only (nothing else reaches the engine's
 * query syntax), at most SEARCH_MAX_WORDS of them, each matched as the start of a word.
 */
export interface SearchText {
  /** Lower-case words, each a word prefix ("saf" finds "Safari"); every word must match. */
  words: string[];
  /** `#123` or `123`: the ticket with that number comes first. */
  ticketNumber: number | null;
  /** A query of only digits and phone punctuation, as digits: a phone number in any formatting. */
  phoneDigits: string | null;
}

export const SEARCH_MAX_CHARS = 200;
export const SEARCH_MAX_WORDS = 8;
const MAX_WORD_CHARS = 40;
/** Results per group on the full page; the header box shows the first SEARCH_PREVIEW_SIZE of each. */
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_PREVIEW_SIZE = 5;
/** The groups of a search, in the order they are shown. */
export const SEARCH_GROUPS = ['tickets', 'notes', 'companies', 'contacts'] as const;
export type SearchGroup = (typeof SEARCH_GROUPS)[number];

const TICKET_NUMBER = /^#?\s*(\d{1,9})$/;
const PHONE = /^\+?[\d\s().\-/]+$/;

export function readSearchText(input: string): SearchText {
  const text = input.slice(0, SEARCH_MAX_CHARS).trim();
  const words = [...new Set((text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((word) => word.slice(0, MAX_WORD_CHARS)))]
    .slice(0, SEARCH_MAX_WORDS);
  const number = TICKET_NUMBER.exec(text);
  const digits = PHONE.test(text) ? text.replace(/\D/g, '') : '';
  return {
    words,
    ticketNumber: number ? Number(number[1]) : null,
    phoneDigits: digits.length >= 4 ? digits : null,
  };
}

/** Nothing to look for: the search answers empty without asking the database. */
export const isEmptySearch = (text: SearchText): boolean => text.words.length === 0 && text.ticketNumber === null;

/** Staff find companies and contacts too; a client finds only its companies' tickets and notes (docs/product/search.md#who-finds-what). */
export function searchGroupsFor(groupId: number): readonly SearchGroup[] {
  return isStaff(groupId) ? SEARCH_GROUPS : ['tickets', 'notes'];
}

/** A snippet as the screens show it: the matched words marked. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

/** The engine marks a snippet's hits between these two characters; they never occur in typed text that reaches a snippet. */
export const SNIPPET_HIT_START = '\u0001';
export const SNIPPET_HIT_END = '\u0002';

/**
 * A marked snippet as parts (the markers removed from anything the text itself contained), read as
 * text: descriptions and notes are Markdown, and a snippet shows the words, not their marks
 * (docs/product/search.md#where-it-is).
 */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of withoutMarkdown(marked).split(SNIPPET_HIT_START).entries()) {
    const [hit, rest] = index === 0 ? [null, piece] : splitOnce(piece, SNIPPET_HIT_END);
    if (hit) parts.push({ text: hit, hit: true });
    if (rest) parts.push({ text: rest.replaceAll(SNIPPET_HIT_END, ''), hit: false });
  }
  return parts;
}

/** Emphasis marks at a word's start and end (a hit marker counts as a word's edge). */
const EMPHASIS_OPENING = new RegExp(`(^|[\\s(${SNIPPET_HIT_START}])[*_](?=[^\\s*_])`, 'g');
const EMPHASIS_CLOSING = new RegExp(`([^\\s*_])[*_](?=[\\s).,!?:;${SNIPPET_HIT_END}]|$)`, 'g');

/**
 * The words of a piece of Markdown without its marks: headings, quotes, list and task markers,
 * emphasis, code ticks, HTML tags, table rules and the pipes between table cells (the cells read as
 * words with spaces between them; an escaped pipe is text); a link or an image keeps its text. A
 * snippet is a fragment cut anywhere, so this reads it line by line rather than parsing a document;
 * the hit markers pass through untouched.
 */
export function withoutMarkdown(text: string): string {
  return text
    .replace(/!?\[([^\]\n]*)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/<\/?[a-z][^>\n]*>/gi, '')
    .replace(/^(?=[^\n]*\|)[ \t|:-]+$/gm, '')
    .replace(/^[ \t]*:?-{3,}:?[ \t]*$/gm, '')
    .replace(/(?<!\\)\|/g, ' ')
    .replace(/\\\|/g, '|')
    .replace(/^([ \t]*(?:…[ \t]*)?)(?:#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+(?:\[[ xX]\][ \t]+)?|\d{1,9}[.)][ \t]+)+/gm, '$1')
    .replace(/\*\*|__|~~|`+/g, '')
    .replace(EMPHASIS_OPENING, '$1')
    .replace(EMPHASIS_CLOSING, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Words a snippet shows around its hits (about what FTS5's snippet() gave). */
export const SNIPPET_WORDS = 16;

/**
 * The part of `text` a result shows: the SNIPPET_WORDS-word stretch holding the most of the typed words
 * (the earliest of equals), each word that starts with a typed word between SNIPPET_HIT_START and
 * SNIPPET_HIT_END, "…" where it was cut. Worked out here, not by the engine, so both databases show the
 * same snippet and a page of results costs no second full-text query (docs/product/search.md#where-it-is).
 */
export function markSnippet(text: string, words: readonly string[], size = SNIPPET_WORDS): string {
  const clean = text.replaceAll(SNIPPET_HIT_START, '').replaceAll(SNIPPET_HIT_END, '');
  const found = [...clean.matchAll(/[\p{L}\p{N}]+/gu)].map((match) => {
    const lower = match[0].toLowerCase();
    return { start: match.index, end: match.index + match[0].length, hit: words.findIndex((word) => lower.startsWith(word)) };
  });
  if (found.length === 0) return clean.slice(0, 160);
  // The window with the most distinct typed words, then the most hits, then the earliest.
  let best = { from: 0, distinct: -1, hits: -1 };
  for (let from = 0; from === 0 || from + size <= found.length; from += 1) {
    const window = found.slice(from, from + size).filter((word) => word.hit >= 0);
    const distinct = new Set(window.map((word) => word.hit)).size;
    if (distinct > best.distinct || (distinct === best.distinct && window.length > best.hits)) best = { from, distinct, hits: window.length };
    if (from + size >= found.length) break;
  }
  const shown = found.slice(best.from, best.from + size);
  let marked = '';
  let at = shown[0]!.start;
  for (const word of shown) {
    marked += clean.slice(at, word.start);
    const piece = clean.slice(word.start, word.end);
    marked += word.hit >= 0 ? `${SNIPPET_HIT_START}${piece}${SNIPPET_HIT_END}` : piece;
    at = word.end;
  }
  const last = shown[shown.length - 1]!;
  return `${best.from > 0 ? '…' : ''}${marked}${last === found[found.length - 1] ? clean.slice(last.end) : '…'}`;
}

function splitOnce(piece: string, separator: string): [string, string] {
  const at = piece.indexOf(separator);
  return at === -1 ? ['', piece] : [piece.slice(0, at), piece.slice(at + separator.length)];
}

/** Where a search result opens (docs/product/search.md#where-it-is): the ticket, scrolled to the note; a company's dashboard. */
export const ticketHitPath = (hit: { company_id: number; ticket_id: number }): string => `/clients/${hit.company_id}/tickets/${hit.ticket_id}`;
export const noteHitPath = (hit: { company_id: number; ticket_id: number; activity_id: number }): string => `${ticketHitPath(hit)}#note-${hit.activity_id}`;
export const companyHitPath = (hit: { company_id: number }): string => `/clients/${hit.company_id}`;

/** A staff contact opens its agent page; a client contact its company's contacts; a client without a company nowhere. */
export function contactHitPath(hit: { contact_id: number; group_id: number; company_id: number | null }): string | null {
  if (isStaff(hit.group_id)) return `/agents/${hit.contact_id}`;
  return hit.company_id === null ? null : `/clients/${hit.company_id}/contacts`;
}

/** The results page of a search: `/search?q=…`, with one group when given. */
export function searchPagePath(q: string, group?: SearchGroup): string {
  return `/search?q=${encodeURIComponent(q)}${group ? `&group=${group}` : ''}`;
}

/**
 * At most this many matches of a group are ranked: the newest ones (docs/product/search.md#ranking). A
 * search that matches more says so ("1000+"); more words narrow it. So a one-letter prefix over millions
 * of notes costs what a specific word does.
 */
export const SEARCH_RANKED_MAX = 1000;

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Every typed word starts a word of `text`: the engines' prefix match, for ranking the candidates they found. */
export function startsEveryWord(words: readonly string[], text: string): boolean {
  const found = wordsOf(text);
  return words.length > 0 && words.every((word) => found.some((candidate) => candidate.startsWith(word)));
}

/** Open tickets are below Complete (STATUS.complete = 5; docs/product/dashboards.md#ticket-placement). */
const openFirst = (statusId: number) => (statusId < 5 ? 0 : 1);

/** Tickets in rank order: the one named by number, then those whose title holds every word, then open ones, then the newest. */
export function rankTicketHits<T extends { ticket_id: number; title: string; status_id: number }>(
  hits: readonly T[], text: Pick<SearchText, 'words' | 'ticketNumber'>,
): T[] {
  const key = (hit: T) => [hit.ticket_id === text.ticketNumber ? 0 : 1, startsEveryWord(text.words, hit.title) ? 0 : 1, openFirst(hit.status_id)];
  return [...hits].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let index = 0; index < ka.length; index += 1) if (ka[index] !== kb[index]) return ka[index]! - kb[index]!;
    return b.ticket_id - a.ticket_id;
  });
}

/** Notes in rank order: those on open tickets, then the newest. */
export function rankNoteHits<T extends { activity_id: number; status_id: number }>(hits: readonly T[]): T[] {
  return [...hits].sort((a, b) => openFirst(a.status_id) - openFirst(b.status_id) || b.activity_id - a.activity_id);
}
