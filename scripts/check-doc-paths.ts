// Fails when a README or doc names a path of this repository that does not exist, or cites a heading
// a doc does not have. Run by `npm run lint` (tsx scripts/check-doc-paths.ts).
//
// What it reads: every Markdown file of the repository and the comments of every .ts, .tsx, .cjs and
// .mjs file (tracked, or new and not ignored: `git ls-files --cached --others --exclude-standard`).
//
// What counts as a path (scripts/lib/doc-paths.ts):
// - In Markdown, outside fenced code blocks: a link target, and an inline code span with no space,
//   no URL scheme, no glob or placeholder character (`*`, `<x>`, `{x}`, `?`, `|`), not starting with
//   `/` (a URL path of the API or the portal, or a path of the machine), `@` (a package) or `--`,
//   with no `:id` segment (a route pattern) and nothing under `data/`, `dist/` or `node_modules/`
//   (run-time and build output). A span ending in a known extension (.ts .tsx .md .json .cjs .mjs
//   .sh .yml .yaml .css) must exist. A span with a `/` and no such extension is checked only when its
//   first segment exists, so names such as `react/jsx-runtime` or `tickets/NewTicketForm` pass.
// - In code comments: every `docs/` path, and every `README.md` (root or a folder's) with its `#anchor`.
// A `#anchor` and a `:line` suffix are stripped; the anchor of a Markdown target must be one of its
// headings' GitHub anchors, and a link to `#anchor` alone must name a heading of its own file.
//
// Where a path may be: from the repository root or from the Markdown file's folder (a code comment's
// citation: from the root). A bare file name (`ticket-routes.ts`) may also be any file of that name
// under the Markdown file's folder, so a package README can list its files by name.
//
// Prints `file:line: path` for each broken one and exits 1; otherwise one summary line.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  codeCommentCitations,
  headingAnchors,
  markdownReferences,
  repoPathOf,
  type FoundReference,
} from './lib/doc-paths.js';

const repoRoot = path.resolve(import.meta.dirname, '..');
const CODE_FILE = /\.(ts|tsx|cjs|mjs)$/;

function repositoryFiles(): string[] {
  const output = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return output
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').includes('node_modules'))
    .filter((file) => existsSync(path.join(repoRoot, file)));
}

function folderOf(file: string): string {
  const folder = path.posix.dirname(file);
  return folder === '.' ? '' : folder;
}

class Repository {
  readonly files: string[];
  private readonly entries = new Set<string>();
  private readonly anchors = new Map<string, Set<string>>();

  constructor(files: string[]) {
    this.files = files;
    for (const file of files) {
      this.entries.add(file);
      for (let folder = folderOf(file); folder !== ''; folder = folderOf(folder)) this.entries.add(folder);
    }
  }

  has(relative: string): boolean {
    const normal = path.posix.normalize(relative).replace(/\/+$/, '');
    return normal === '.' || normal === '' || this.entries.has(normal);
  }

  read(file: string): string {
    return readFileSync(path.join(repoRoot, file), 'utf8');
  }

  anchorsOf(file: string): Set<string> {
    let anchors = this.anchors.get(file);
    if (!anchors) {
      anchors = headingAnchors(this.read(file));
      this.anchors.set(file, anchors);
    }
    return anchors;
  }

  /** The existing file or folder a path names from the root or from `folder`, or null. */
  resolve(relative: string, folder: string): string | null {
    for (const base of new Set(['', folder])) {
      const candidate = path.posix.normalize(path.posix.join(base, relative)).replace(/\/+$/, '');
      if (this.has(candidate)) return candidate;
    }
    if (relative.includes('/')) return null;
    const prefix = folder === '' ? '' : `${folder}/`;
    return this.files.find((file) => file.startsWith(prefix) && path.posix.basename(file) === relative) ?? null;
  }

  firstSegmentExists(relative: string, folder: string): boolean {
    const first = relative.split('/')[0]!;
    return this.has(first) || this.has(path.posix.join(folder, first));
  }
}

/** The reference's text when it names a repository path or heading that does not exist, else null. */
function brokenTarget(repository: Repository, file: string, found: FoundReference, folder: string): string | null {
  const target = repoPathOf(found);
  if (!target) return null;
  if (target.path === '') return repository.anchorsOf(file).has(target.anchor ?? '') ? null : found.text;
  if (!target.strict && !repository.firstSegmentExists(target.path, folder)) return null;
  const resolved = repository.resolve(target.path, folder);
  if (resolved === null) return found.text;
  const headingMissing = target.anchor !== null && resolved.endsWith('.md') && !repository.anchorsOf(resolved).has(target.anchor);
  return headingMissing ? found.text : null;
}

function main(): void {
  const repository = new Repository(repositoryFiles());
  const broken: string[] = [];
  let checked = 0;
  const markdownFiles = repository.files.filter((file) => file.endsWith('.md'));
  for (const file of markdownFiles) {
    for (const found of markdownReferences(repository.read(file))) {
      if (repoPathOf(found)) checked += 1;
      const target = brokenTarget(repository, file, found, folderOf(file));
      if (target !== null) broken.push(`${file}:${found.line}: ${target}`);
    }
  }
  const codeFiles = repository.files.filter((file) => CODE_FILE.test(file));
  let citations = 0;
  for (const file of codeFiles) {
    for (const found of codeCommentCitations(repository.read(file))) {
      citations += 1;
      const target = brokenTarget(repository, file, found, '');
      if (target !== null) broken.push(`${file}:${found.line}: ${target}`);
    }
  }
  if (broken.length > 0) {
    for (const line of broken) console.log(line);
    console.error(`check-doc-paths: ${broken.length} broken reference(s).`);
    process.exit(1);
  }
  console.log(
    `check-doc-paths: ${checked} path references in ${markdownFiles.length} Markdown files and ${citations} docs citations in code comments, all found.`,
  );
}

main();
