// The pure part of scripts/check-doc-paths.ts: which spans of a Markdown file or a code comment name
// a path of this repository, and the anchors a Markdown file's headings make. No file system here;
// the heuristics are listed in the header of check-doc-paths.ts.

/** A path-like text found in a file, as written, with the line it is on (1-based). */
export interface FoundReference {
  line: number;
  text: string;
  /** Inline code is only a path if it looks like one; a link target, or a citation in a code comment, always means one. */
  source: 'code-span' | 'link' | 'comment';
}

/** A reference that names a repository path: the path (no `#anchor`, no `:line`) and the anchor, if any. */
export interface RepoPath {
  path: string;
  anchor: string | null;
  /**
   * true: the path must exist. false (an extensionless inline-code text with a `/`): it is only checked
   * when its first segment exists, since `react/jsx-runtime` or `tickets/NewTicketForm` are names, not paths.
   */
  strict: boolean;
}

/** Extensions that make an inline-code text a file name even without a `/`. */
export const KNOWN_EXTENSIONS = ['.ts', '.tsx', '.md', '.json', '.cjs', '.mjs', '.sh', '.yml', '.yaml', '.css'];

/** Build and run-time outputs: named in prose, never in the repository. */
const GENERATED_SEGMENTS = new Set(['data', 'dist', 'node_modules', 'coverage', 'test-results']);
const GENERATED_FILES = new Set(['mf-manifest.json', 'startup-files.json', 'facades.json']);

const FENCE = /^ {0,3}(```|~~~)/;
const CODE_SPAN = /(`+)([^`]|[^`].*?[^`])\1(?!`)/g;
const LINK_TARGET = /\]\(\s*<?([^\s)>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const NOT_A_PATH = /[\s*<>{}|?&=,;()'"\\$~…]/;
const LINE_SUFFIX = /:\d+(?::\d+)?$/;

/** Inline code spans and link targets of a Markdown text, outside fenced code blocks. */
export function markdownReferences(markdown: string): FoundReference[] {
  const found: FoundReference[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const line = index + 1;
    const marker = FENCE.exec(text)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      return;
    }
    if (fence !== null) return;
    for (const match of text.matchAll(CODE_SPAN)) found.push({ line, text: match[2]!.trim(), source: 'code-span' });
    const prose = text.replace(CODE_SPAN, '');
    for (const match of prose.matchAll(LINK_TARGET)) found.push({ line, text: match[1]!, source: 'link' });
    const definition = REFERENCE_DEFINITION.exec(prose);
    if (definition) found.push({ line, text: definition[1]!, source: 'link' });
  });
  return found;
}

/**
 * The repository path a found text names, or null when it names none: a URL, an absolute or URL path
 * (`/api/...`, `/clients/1`), a package (`@portal/ui`), a flag, a glob, a placeholder (`<remote>`,
 * `{id}`), a route pattern (`:id`), code, a build output. A link to `#anchor` alone has path ''.
 */
export function repoPathOf(found: FoundReference): RepoPath | null {
  const text = found.text.trim();
  if (text === '' || NOT_A_PATH.test(text) || URL_SCHEME.test(text)) return null;
  if (/^(\/|@|--|\.\.\.)/.test(text) || text.includes('...')) return null;
  const hash = text.indexOf('#');
  const anchor = hash === -1 ? null : text.slice(hash + 1);
  let path = (hash === -1 ? text : text.slice(0, hash)).replace(LINE_SUFFIX, '');
  while (path.startsWith('./')) path = path.slice(2);
  if (path === '') return found.source === 'link' && anchor ? { path: '', anchor, strict: true } : null;
  if (anchor !== null && !/^[\p{L}\p{N}_-]+$/u.test(anchor)) return null;
  const segments = path.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment.startsWith(':') || GENERATED_SEGMENTS.has(segment))) return null;
  if (GENERATED_FILES.has(segments.at(-1) ?? '')) return null;
  if (found.source !== 'code-span') return { path, anchor, strict: true };
  if (KNOWN_EXTENSIONS.some((extension) => path.endsWith(extension))) return { path, anchor, strict: true };
  return path.includes('/') ? { path, anchor, strict: false } : null;
}

/** GitHub's heading anchor: lower case, punctuation dropped except `-` and `_`, each space a `-`. */
export function githubSlug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor the headings of a Markdown text make, repeated headings numbered `-1`, `-2` as GitHub does. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fence: string | null = null;
  for (const text of markdown.split('\n')) {
    const marker = FENCE.exec(text)?.[1];
    if (marker && (fence === null || fence === marker)) {
      fence = fence === null ? marker : null;
      continue;
    }
    const heading = fence === null ? HEADING.exec(text) : null;
    if (!heading) continue;
    const slug = githubSlug(heading[2]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/**
 * The `docs/...` and `README.md` citations (`README.md#start-it`, `api/README.md#routes`) in the comments of
 * a TypeScript or JavaScript source, so a README's heading a comment cites cannot move away unnoticed.
 * A small scanner
 * skips string and template literals, so a test's fixture text is not read as a citation; a regular
 * expression literal holding a quote can confuse it (none cites docs).
 */
export function codeCommentCitations(source: string): FoundReference[] {
  const found: FoundReference[] = [];
  for (const comment of commentsOf(source)) {
    for (const match of comment.text.matchAll(CITATION)) {
      const next = comment.text[match.index + match[0].length];
      if (next === '<' || next === '{' || next === '*') continue;
      const text = match[0].replace(/[.:]+$/, '');
      const line = comment.line + (comment.text.slice(0, match.index).match(/\n/g)?.length ?? 0);
      found.push({ line, text, source: 'comment' });
    }
  }
  return found;
}

/** A `docs/` path, or a README (at the root or in a folder) with or without its `#anchor`. */
const CITATION = /(?<![\w./-])(?:docs\/[^\s'"`()[\]<>{}|,;*]*|(?:[\w-]+\/)*README\.md(?:#[\w-]+)?)/g;

interface Comment {
  line: number;
  text: string;
}

function commentsOf(source: string): Comment[] {
  const comments: Comment[] = [];
  let line = 1;
  let index = 0;
  while (index < source.length) {
    const char = source[index]!;
    const pair = source.slice(index, index + 2);
    if (pair === '//' || pair === '/*') {
      const end = pair === '//' ? source.indexOf('\n', index) : source.indexOf('*/', index + 2);
      const stop = end === -1 ? source.length : end;
      const text = source.slice(index + 2, stop);
      comments.push({ line, text });
      line += text.match(/\n/g)?.length ?? 0;
      index = pair === '//' ? stop : stop + 2;
    } else if (char === "'" || char === '"' || char === '`') {
      index += 1;
      while (index < source.length && source[index] !== char) {
        if (source[index] === '\\') {
          if (source[index + 1] === '\n') line += 1;
          index += 1;
        } else if (source[index] === '\n') {
          line += 1;
          if (char !== '`') break;
        }
        index += 1;
      }
      index += 1;
    } else {
      if (char === '\n') line += 1;
      index += 1;
    }
  }
  return comments;
}
