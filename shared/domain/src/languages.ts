/**
 * The languages the portal speaks and the currencies it invoices in (docs/product/languages.md): a
 * person's language decides their screens and their mail; the agency's currency is a setting and is
 * never converted.
 */

/** The languages with a complete catalogue; English is the product documents' own wording. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** The pseudo-locale: English accented and a third longer, for tests that look for untranslated text and tight layouts. */
export const PSEUDO_LOCALE = 'en-XA';
export type Locale = Language | typeof PSEUDO_LOCALE;

/** Each language named in itself, as a language picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The currencies an agency may invoice in; USD by default. */
export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'USD';

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
export const isLocale = (value: unknown): value is Locale => isLanguage(value) || value === PSEUDO_LOCALE;
export const isCurrency = (value: unknown): value is Currency => typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);

/**
 * The first supported language among a browser's preferences (navigator.languages, or an
 * Accept-Language header's tags in order): 'de-AT' reads as German; none known gives `fallback`.
 */
export function pickLanguage(preferred: readonly string[], fallback: Language = DEFAULT_LANGUAGE): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return fallback;
}

/** The tags of an Accept-Language header, most wanted first (q=0 dropped); bounded, since a caller writes it. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header.slice(0, 500).split(',').slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/**
 * The locale Intl formats a person's dates and numbers with: English reads as the product documents
 * write it (en-US: 11/21/2026, $1,234.50), German as Germans write it (21.11.2026, 1.234,50 €); the
 * pseudo-locale formats as English.
 */
export function intlLocale(locale: Locale): string {
  return locale === 'de' ? 'de-DE' : 'en-US';
}

/** A page's `<html lang>` for the language its screens speak: screen readers and hyphenation follow it (the pseudo-locale is English). */
export function documentLanguage(locale: Locale): Language {
  return locale === PSEUDO_LOCALE ? 'en' : locale;
}

/**
 * The language a contact reads (docs/product/languages.md#a-persons-language): the one they chose, or
 * else the portal's default language; anything stored that is not a language reads as the default.
 */
export function languageOf(contactLanguage: string | null | undefined, portalDefault: Language = DEFAULT_LANGUAGE): Language {
  return isLanguage(contactLanguage) ? contactLanguage : portalDefault;
}
