import { acceptLanguageTags, documentLanguage, intlLocale, isCurrency, isLanguage, isLocale, languageOf, pickLanguage } from './languages';

describe('languages', () => {
  it("picks the first supported language of a browser's preferences, by its primary tag", () => {
    expect(pickLanguage(['de-AT', 'en-US'])).toBe('de');
    expect(pickLanguage(['fr-FR', 'en-GB', 'de'])).toBe('en');
    expect(pickLanguage(['fr', 'it'], 'de')).toBe('de');
    expect(pickLanguage([])).toBe('en');
  });

  it('reads an Accept-Language header by weight, then order, dropping q=0 and bounding what a caller wrote', () => {
    expect(acceptLanguageTags('en;q=0.5, de-DE, fr;q=0')).toEqual(['de-DE', 'en']);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(acceptLanguageTags(Array.from({ length: 100 }, () => 'de').join(','))).toHaveLength(20);
    expect(pickLanguage(acceptLanguageTags('de-CH;q=0.9,en;q=0.8'))).toBe('de');
  });

  it('knows its languages, the pseudo-locale and the currencies, and formats the pseudo-locale as English', () => {
    expect([isLanguage('de'), isLanguage('fr'), isLocale('en-XA'), isLanguage('en-XA')]).toEqual([true, false, true, false]);
    expect([isCurrency('EUR'), isCurrency('GBP'), isCurrency('JPY')]).toEqual([true, true, false]);
    expect([intlLocale('en'), intlLocale('de'), intlLocale('en-XA')]).toEqual(['en-US', 'de-DE', 'en-US']);
    expect([documentLanguage('en'), documentLanguage('de'), documentLanguage('en-XA')]).toEqual(['en', 'de', 'en']);
  });
});

describe("a contact's language", () => {
  it("is the one they chose, or else the portal's default", () => {
    expect(languageOf('de', 'en')).toBe('de');
    expect(languageOf(null, 'de')).toBe('de');
    expect(languageOf(undefined)).toBe('en');
    expect(languageOf('fr', 'de')).toBe('de');
  });
});
