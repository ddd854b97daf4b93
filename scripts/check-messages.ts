// Fails when a message catalogue rots (docs/decisions/0024-message-catalogues.md): a key missing from a
// language or found only there, an argument that differs between languages, a message that is not ICU,
// or an English key that no code names. Run by `npm run lint` (tsx scripts/check-messages.ts).
//
// What it reads: every `messages/en.json` under a workspace's `src/` (`src/messages/en.json`, or a part's own such as
// `shared/features/src/settings/messages/en.json`) (tracked, or new and not ignored) beside its
// other languages' catalogues (`de.json`, …), and the code of that workspace (its .ts and .tsx files outside
// tests): a key is used when its text appears there quoted ('key', "key" or `key`).
//
// It also reads the tables of the product's fixed texts (shared/domain/src/message-translations/<language>.json,
// keyed by the English text): every text of message-catalogue.ts and every plain string of the features' message
// groups (shared/domain/src/feature-messages.ts) must have an entry in each language, and an entry whose English
// text is no longer in either is a problem too.
//
// Prints each problem and exits 1; otherwise one summary line.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogueProblems, type TextCatalogue } from '@portal/i18n/tools';
import { featureFixedTexts } from '../shared/domain/src/feature-messages';
import * as FIXED_TEXTS from '../shared/domain/src/message-catalogue';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n').filter((file) => file !== '');

const readCatalogue = (file: string): TextCatalogue => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as TextCatalogue;
const isCode = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/test-support/');

const problems: string[] = [];
let catalogues = 0;
for (const english of files.filter((file) => /\/src\/(?:.+\/)?messages\/en\.json$/.test(file))) {
  const folder = path.dirname(english);
  const workspace = folder.slice(0, folder.indexOf('/src/'));
  const translations = Object.fromEntries(files
    .filter((file) => path.dirname(file) === folder && /^[a-z]{2}\.json$/.test(path.basename(file)) && file !== english)
    .map((file) => [path.basename(file, '.json'), readCatalogue(file)]));
  const code = files.filter((file) => file.startsWith(`${workspace}/`) && isCode(file)).map((file) => readFileSync(path.join(root, file), 'utf8')).join('\n');
  const englishCatalogue = readCatalogue(english);
  const usedKeys = new Set(Object.keys(englishCatalogue).filter((key) => ['\'', '"', '`'].some((quote) => code.includes(`${quote}${key}${quote}`))));
  problems.push(...catalogueProblems({ folder, english: englishCatalogue, translations, usedKeys }));
  catalogues += 1 + Object.keys(translations).length;
}

/** What is wrong with one language's table of the fixed texts: a text without an entry, an entry for no text, an empty entry. */
function fixedTextProblems(file: string, texts: readonly string[], table: Readonly<Record<string, unknown>>): string[] {
  const known = new Set(texts);
  return [
    ...[...known].filter((text) => !(text in table)).map((text) => `${file}: no entry for "${text}"`),
    ...Object.keys(table).filter((text) => !known.has(text)).map((text) => `${file}: "${text}" is no text of message-catalogue.ts or feature-messages.ts`),
    ...Object.entries(table).filter(([, value]) => typeof value !== 'string' || value.trim() === '').map(([text]) => `${file}: "${text}" has no translation`),
  ];
}

const fixedTexts: string[] = [...Object.values(FIXED_TEXTS), ...featureFixedTexts()];
const tables = files.filter((file) => /^shared\/domain\/src\/message-translations\/[a-z]{2}\.json$/.test(file));
for (const table of tables) problems.push(...fixedTextProblems(table, fixedTexts, readCatalogue(table)));

if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
console.log(`check-messages: ${catalogues} catalogues, every key in every language, each used, with the same arguments; `
  + `${tables.length} table(s) of the ${new Set(fixedTexts).size} fixed texts, each complete`);
