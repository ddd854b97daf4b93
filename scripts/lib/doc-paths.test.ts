import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeCommentCitations, githubSlug, headingAnchors, markdownReferences, repoPathOf, type FoundReference } from './doc-paths.js';

const codeSpan = (text: string): FoundReference => ({ line: 1, text, source: 'code-span' });
const link = (text: string): FoundReference => ({ line: 1, text, source: 'link' });

describe('markdownReferences', () => {
  it('finds inline code spans and link targets with their line, outside fenced code blocks', () => {
    const markdown = [
      '# Title',
      'See `src/index.ts` and [the rules](docs/product/tickets.md#status-workflow "Status").',
      '```sh',
      'npm test -w `not/read.ts`',
      '```',
      '``code with a ` inside`` and ![a picture](./shot.png)',
      '[ref]: ../README.md',
    ].join('\n');
    assert.deepEqual(markdownReferences(markdown), [
      { line: 2, text: 'src/index.ts', source: 'code-span' },
      { line: 2, text: 'docs/product/tickets.md#status-workflow', source: 'link' },
      { line: 6, text: 'code with a ` inside', source: 'code-span' },
      { line: 6, text: './shot.png', source: 'link' },
      { line: 7, text: '../README.md', source: 'link' },
    ]);
  });

  it('does not read a link inside a code span', () => {
    assert.deepEqual(markdownReferences('`[x](nowhere.md)`'), [{ line: 1, text: '[x](nowhere.md)', source: 'code-span' }]);
  });
});

describe('repoPathOf', () => {
  it('takes a file name with a known extension, or a path with a slash, and strips #anchor and :line', () => {
    assert.deepEqual(repoPathOf(codeSpan('ticket-routes.ts')), { path: 'ticket-routes.ts', anchor: null, strict: true });
    assert.deepEqual(repoPathOf(codeSpan('api/src/app.ts:42')), { path: 'api/src/app.ts', anchor: null, strict: true });
    assert.deepEqual(repoPathOf(codeSpan('docs/architecture.md#parts')), { path: 'docs/architecture.md', anchor: 'parts', strict: true });
    assert.deepEqual(repoPathOf(codeSpan('./lib/cluster.ts')), { path: 'lib/cluster.ts', anchor: null, strict: true });
    assert.deepEqual(repoPathOf(codeSpan('src/features')), { path: 'src/features', anchor: null, strict: false });
    assert.deepEqual(repoPathOf(link('docs/decisions/')), { path: 'docs/decisions/', anchor: null, strict: true });
    assert.deepEqual(repoPathOf(link('#a-request')), { path: '', anchor: 'a-request', strict: true });
  });

  it('leaves alone what is not a path of the repository', () => {
    const notPaths = [
      '/api/events', // a URL path of the API
      '/clients/1', // a URL path of the portal
      'https://example.com/a.md', // a URL
      'mailto:someone@example.com',
      'node:test',
      '@portal/contract/remotes', // a package
      '--email', // a flag
      'shared/*/README.md', // a glob
      'src/features/<feature>/', // a placeholder
      '/clients/{id}/invoices',
      'clients/:clientId/tickets/:ticketId', // a route pattern
      'npm test -w api', // a command
      'useTicket(id)', // code
      'data/remotes.json', // run-time output
      'shell/dist',
      'mf-manifest.json', // build output
      'portal-session', // a word
      'docs/...',
    ];
    for (const text of notPaths) assert.equal(repoPathOf(codeSpan(text)), null, text);
    assert.equal(repoPathOf(codeSpan('#parts')), null);
  });
});

describe('githubSlug', () => {
  it('lower-cases, drops punctuation but - and _, and turns each space into -', () => {
    assert.equal(githubSlug('Groups and roles'), 'groups-and-roles');
    assert.equal(githubSlug('E-mail verification'), 'e-mail-verification');
    assert.equal(githubSlug('One-time codes and rate limits'), 'one-time-codes-and-rate-limits');
    assert.equal(githubSlug('Federation at run time (the shell)'), 'federation-at-run-time-the-shell');
    assert.equal(githubSlug('`npm start`: what it does'), 'npm-start-what-it-does');
    assert.equal(githubSlug('Jest and ESM'), 'jest-and-esm');
    assert.equal(githubSlug('A — B'), 'a--b');
    assert.equal(githubSlug('snake_case names'), 'snake_case-names');
    assert.equal(githubSlug('[Linked](x.md) heading'), 'linked-heading');
  });

  it('numbers repeated headings as GitHub does, and ignores # lines inside fences', () => {
    const markdown = ['# Tickets', '## Departures', '```sh', '# a shell comment', '```', '### Departures ##'].join('\n');
    assert.deepEqual([...headingAnchors(markdown)], ['tickets', 'departures', 'departures-1']);
  });
});

describe('codeCommentCitations', () => {
  it('finds docs/ citations in line and block comments, with their line', () => {
    const source = [
      "import { x } from './x';",
      '// The rule: docs/product/tickets.md#status-workflow.',
      '/**',
      ' * Why: docs/decisions/0007-money-in-cents.md, and docs/architecture.md#a-request:',
      ' */',
      'const y = 1; // docs/architecture.md',
    ].join('\n');
    assert.deepEqual(
      codeCommentCitations(source).map((found) => `${found.line} ${found.text}`),
      ['2 docs/product/tickets.md#status-workflow', '4 docs/decisions/0007-money-in-cents.md', '4 docs/architecture.md#a-request', '6 docs/architecture.md'],
    );
  });

  it('finds README citations, at the root or in a folder, with their anchor', () => {
    const source = ['// Drain first (README.md#stopping). See api/README.md#routes and shell/README.md.', '// not MYREADME.md'].join('\n');
    assert.deepEqual(
      codeCommentCitations(source).map((found) => `${found.line} ${found.text}`),
      ['1 README.md#stopping', '1 api/README.md#routes', '1 shell/README.md'],
    );
  });

  it('does not read strings, template literals or placeholders as citations', () => {
    const source = [
      "const a = '// docs/nowhere.md';",
      'const b = `',
      '  // docs/nowhere-either.md',
      '`;',
      '// cite docs/product/<area>.md#<anchor>, never mydocs/x.md',
      "const url = 'http://example.com'; // docs/architecture.md#parts",
    ].join('\n');
    assert.deepEqual(
      codeCommentCitations(source).map((found) => `${found.line} ${found.text}`),
      ['6 docs/architecture.md#parts'],
    );
  });
});
