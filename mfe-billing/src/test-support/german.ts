import { act, renderHook } from '@testing-library/react';
import type { Currency } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { billingMessages } from '../messages';

/**
 * Billing screens for a German reader in the tests of a file: the session speaks German and the catalogue (with
 * the product's fixed texts) is loaded before each test; English and US dollars again after.
 */
export function readInGerman(): void {
  beforeEach(async () => {
    act(() => useSession.getState().setLanguage('de'));
    await billingMessages.preload('de');
  });
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

/** One of the product's fixed texts (MESSAGES.x) as a German reader sees it (call it inside a test of readInGerman). */
export const inGerman = (text: string): string => renderHook(() => useMessageText()).result.current(text);
