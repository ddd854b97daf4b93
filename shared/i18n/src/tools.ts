import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';
import { pseudoTree } from './pseudo';

/**
 * Build-time and test-time work on catalogues (never shipped to a browser: it holds the ICU parser):
 * compiling messages to syntax trees, the pseudo-locale, and the checks CI runs on every catalogue.
 */

export type TextCatalogue = Readonly<Record<string, string>>;

/** Each message compiled to its ICU syntax tree, as the browser's catalogues carry them. */
export function compileCatalogue(catalogue: TextCatalogue): Record<string, MessageFormatElement[]> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, parse(message)]));
}

/** A message of the pseudo-locale: its words accented and longer, its arguments, plurals and tags untouched; wrapped in ⟦ ⟧. */
export function pseudoLocalize(message: string): string {
  return printAST(pseudoTree(parse(message)));
}

export function pseudoCatalogue(catalogue: TextCatalogue): Record<string, string> {
  return Object.fromEntries(Object.entries(catalogue).map(([key, message]) => [key, pseudoLocalize(message)]));
}

function collectArguments(elements: MessageFormatElement[], into: Set<string>): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      collectArguments(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) collectArguments(option.value, into);
    }
  }
  return into;
}

/** The arguments (and rich-text tags) a message takes, sorted. */
export function messageArguments(message: string): string[] {
  return [...collectArguments(parse(message), new Set())].sort();
}

export interface CatalogueSet {
  /** Where the catalogues live, for the messages: 'mfe-auth/src/messages'. */
  folder: string;
  english: TextCatalogue;
  /** Every other language's catalogue, by language. */
  translations: Readonly<Record<string, TextCatalogue>>;
  /** The keys the code names (a key is used when its text appears quoted in the workspace's code). */
  usedKeys: ReadonlySet<string>;
}

/**
 * What CI refuses in a set of catalogues: a message that does not parse, a key missing from a
 * language or found only there, an argument that differs between languages, a key no code names.
 */
export function catalogueProblems({ folder, english, translations, usedKeys }: CatalogueSet): string[] {
  const problems: string[] = [];
  const argumentsOf = (language: string, key: string, message: string): string[] | null => {
    try {
      return messageArguments(message);
    } catch (error) {
      problems.push(`${folder}/${language}.json: "${key}" is not an ICU message (${(error as Error).message})`);
      return null;
    }
  };
  for (const [key, message] of Object.entries(english)) {
    const expected = argumentsOf('en', key, message);
    if (!usedKeys.has(key)) problems.push(`${folder}/en.json: "${key}" is not used by any code`);
    for (const [language, catalogue] of Object.entries(translations)) {
      const translated = catalogue[key];
      if (translated === undefined) {
        problems.push(`${folder}/${language}.json: "${key}" is missing`);
        continue;
      }
      const found = argumentsOf(language, key, translated);
      if (expected && found && expected.join(',') !== found.join(',')) {
        problems.push(`${folder}/${language}.json: "${key}" takes {${found.join(', ')}} but English takes {${expected.join(', ')}}`);
      }
    }
  }
  for (const [language, catalogue] of Object.entries(translations)) {
    for (const key of Object.keys(catalogue)) {
      if (!(key in english)) problems.push(`${folder}/${language}.json: "${key}" is not in English`);
    }
  }
  return problems;
}
