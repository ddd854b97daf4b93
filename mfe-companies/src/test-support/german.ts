import { act, renderHook } from '@testing-library/react';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { companiesMessages } from '../messages';

/**
 * Screens of this remote in German for the tests of a file: the session speaks German and the catalogue
 * (with the product's fixed texts) is loaded before each test; English again after.
 */
export function readInGerman(): void {
  beforeEach(async () => {
    act(() => useSession.getState().setLanguage('de'));
    await companiesMessages.preload('de');
  });
  afterEach(() => act(() => useSession.getState().setLanguage('en')));
}

/** One of the product's fixed texts (MESSAGES.x) as a German reader sees it (call it inside a test of readInGerman). */
export const inGerman = (text: string): string => renderHook(() => useMessageText()).result.current(text);
