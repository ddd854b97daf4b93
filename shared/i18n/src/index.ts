import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { intlLocale, type Locale } from '@portal/domain';

/**
 * Message catalogues (docs/decisions/0024-message-catalogues.md): one ICU message per key, English
 * as the product documents word it. In the browser a catalogue arrives compiled (each message an
 * ICU syntax tree, so no parser is shipped); on the server and in tests, as text.
 */
export type Catalogue = Readonly<Record<string, string | MessageFormatElement[]>>;

/** The arguments a message takes: {name}, {count, plural, …}, {when, date, short}. */
export type MessageValues = Readonly<Record<string, string | number | Date | null | undefined>>;

/** The arguments of a message with tags: a tag is a function of its chunks (`{ link: (chunks) => <a>{chunks}</a> }`). */
export type RichValues<Part> = Readonly<Record<string, string | number | Date | Part | ((chunks: Array<string | Part>) => Part)>>;

/**
 * A catalogue's texts in one language: `t('login.heading')`, `t('tickets.count', { count: 3 })`;
 * `t.rich('login.register', { link: (chunks) => … })` for a message with tags, its parts in order.
 */
export interface Translate<Key extends string = string> {
  (key: Key, values?: MessageValues): string;
  rich<Part>(key: Key, values: RichValues<Part>): Array<string | Part>;
}

/** A message with none of ICU's syntax characters: its text is what it shows. */
const PLAIN_TEXT = /^[^{}<'#]*$/;
export const isPlainText = (message: string): boolean => PLAIN_TEXT.test(message);

/**
 * The translator of one language: a key missing from `messages` falls back to `fallback` (English;
 * the catalogue check keeps that from happening), an unknown key reads as itself.
 */
export function createTranslator<Key extends string = string>(locale: Locale, messages: Catalogue, fallback: Catalogue = messages): Translate<Key> {
  const tag = intlLocale(locale);
  const formats = new Map<string, IntlMessageFormat | string>();
  const formatOf = (key: string): IntlMessageFormat | string => {
    let format = formats.get(key);
    if (format === undefined) {
      const source = messages[key] ?? fallback[key];
      // Text without ICU syntax is shown as it is (compiled catalogues keep such messages as text: no parser needed).
      format = source === undefined ? key : typeof source === 'string' && PLAIN_TEXT.test(source) ? source : new IntlMessageFormat(source, tag);
      formats.set(key, format);
    }
    return format;
  };
  const translate = (key: Key, values?: MessageValues): string => {
    const format = formatOf(key);
    if (typeof format === 'string') return format;
    const text = format.format(values as Record<string, string | number | Date>);
    return Array.isArray(text) ? text.join('') : String(text);
  };
  const rich = <Part>(key: Key, values: RichValues<Part>): Array<string | Part> => {
    const format = formatOf(key);
    if (typeof format === 'string') return [format];
    const parts = format.format<Part>(values as Record<string, Part>);
    return Array.isArray(parts) ? parts : [parts as string | Part];
  };
  return Object.assign(translate, { rich });
}

/**
 * The product's fixed texts (errors, confirmations, empty states: @portal/domain's MESSAGES, written in
 * English as the product documents word them) in the person's language. Each language's table is keyed
 * by the English text, so English screens carry nothing extra and a text the table lacks (a name, an
 * answer the API already translated) stays as it is. Tables: shared/domain/src/message-translations.
 */
export type TranslationTable = Readonly<Record<string, string>>;

/** `text` in the table's language, or as it is when the table has no entry for it. */
export function translateMessageText(text: string, table: TranslationTable | null | undefined): string {
  return table?.[text] ?? text;
}
