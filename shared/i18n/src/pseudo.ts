import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { isPlainText, type Catalogue } from './index';

// The pseudo-locale (en-XA): English accented and a third longer, made from the English syntax trees,
// so tests find text that no catalogue speaks and layouts that break on longer words.

const ACCENTED: Record<string, string> = {
  a: 'á', b: 'ƀ', c: 'ç', d: 'ð', e: 'é', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'í', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ', n: 'ñ', o: 'ó', p: 'þ', q: 'ǫ', r: 'ŕ',
  s: 'š', t: 'ţ', u: 'ú', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž', A: 'Á', B: 'Ɓ', C: 'Ç', D: 'Ð', E: 'É', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Í', J: 'Ĵ',
  K: 'Ķ', L: 'Ļ', M: 'Ṁ', N: 'Ñ', O: 'Ó', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Ú', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};

/** One literal accented, and a third longer (padding words with '~'), so untranslated text and tight layouts show. */
export function pseudoText(text: string): string {
  const accented = [...text].map((char) => ACCENTED[char] ?? char).join('');
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return letters === 0 ? accented : `${accented}${'~'.repeat(Math.ceil(letters * 0.3))}`;
}

function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: pseudoText(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(element.options).map(([name, option]) => [name, { ...option, value: pseudoElements(option.value) }]));
      return { ...element, options };
    }
    if (element.type === TYPE.tag) return { ...element, children: pseudoElements(element.children) };
    return element;
  });
}

/** A message of the pseudo-locale: its words accented and longer, arguments, plurals and tags untouched, wrapped in ⟦ ⟧. */
export function pseudoTree(elements: MessageFormatElement[]): MessageFormatElement[] {
  return [{ type: TYPE.literal, value: '⟦' }, ...pseudoElements(elements), { type: TYPE.literal, value: '⟧' }];
}

/** The pseudo-locale's catalogue made from English (compiled, or text where a parser is at hand: tests and the server). */
export function pseudoFromEnglish(english: Catalogue): Catalogue {
  return Object.fromEntries(Object.entries(english).map(([key, message]) => [
    key, pseudoTree(typeof message !== 'string' ? message : isPlainText(message) ? [{ type: TYPE.literal, value: message }] : new IntlMessageFormat(message, 'en-US').getAst()),
  ]));
}

/** A fixed text (not ICU) of the pseudo-locale, wrapped as a message is. */
export const pseudoFixedText = (text: string): string => `⟦${pseudoText(text)}⟧`;
