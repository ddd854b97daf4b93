import { act, renderHook } from '@testing-library/react';
import type { Currency, Language, Locale } from '@portal/domain';
import { preloadMessageText, useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';

/** A part's catalogues (`createMessages` of @portal/i18n/react), as `readIn` loads them. */
interface Catalogues {
  preload(locale?: Locale): Promise<void>;
}

/**
 * Screens read in `language` by the tests of a file or a describe (docs/product/languages.md): before each test the
 * session speaks it and the parts' catalogues and the product's fixed texts in it are loaded; English and US dollars
 * again after.
 */
export function readIn(language: Language, ...catalogues: Catalogues[]): void {
  // 30 s: a catalogue's first load compiles its chunk, slow on a busy machine; later tests find it loaded.
  beforeEach(async () => {
    act(() => useSession.getState().setLanguage(language));
    await Promise.all([...catalogues.map((catalogue) => catalogue.preload(language)), preloadMessageText(language)]);
  }, 30_000);
  afterEach(() => act(() => {
    useSession.getState().setLanguage('en');
    useSession.setState({ currency: 'USD' });
  }));
}

/**
 * The agency invoices in `currency`, as the session answer would say: call it after rendering (signing the viewer
 * in takes the currency of the answer, US dollars without one).
 */
export function agencyCurrency(currency: Currency): void {
  act(() => useSession.setState({ currency }));
}

/** One of the product's fixed texts (MESSAGES.x) as a German reader sees it (call it inside a test of `readIn('de')`). */
export const inGerman = (text: string): string => renderHook(() => useMessageText()).result.current(text);
