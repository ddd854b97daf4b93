import { useCallback, useLayoutEffect, useState } from 'react';
import { REGISTRATION_NEW_CONTACT_DRAFT_KEY, type ContactDraft, type MaintenancePrefs, type RegistrationStep } from '@portal/domain';

/** What the wizard holds until Complete Registration writes it in one call. */
export interface RegistrationDraft {
  step: RegistrationStep;
  company: { name: string; url: string };
  contacts: ContactDraft[];
  /** The preferences as last saved with the embedded form's Save; null until then. */
  prefs: MaintenancePrefs | null;
}

export const REGISTRATION_DRAFT_KEY = 'portal.registration.draft';

export const EMPTY_DRAFT: RegistrationDraft = { step: 1, company: { name: '', url: '' }, contacts: [], prefs: null };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A stored draft as far as it can be read; anything unreadable starts the wizard afresh. */
function readDraft(): RegistrationDraft {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(REGISTRATION_DRAFT_KEY) ?? 'null');
    if (!isObject(stored) || !isObject(stored.company) || !Array.isArray(stored.contacts)) return EMPTY_DRAFT;
    const step = stored.step === 2 || stored.step === 3 ? stored.step : 1;
    return {
      step,
      company: { name: String(stored.company.name ?? ''), url: String(stored.company.url ?? '') },
      contacts: stored.contacts as ContactDraft[],
      prefs: isObject(stored.prefs) ? (stored.prefs as unknown as MaintenancePrefs) : null,
    };
  } catch {
    return EMPTY_DRAFT;
  }
}

/**
 * The wizard's draft, kept in sessionStorage so a reload (or a remount) shows what was typed;
 * `clear` forgets it once the registration is written, with the contact half-typed in the
 * contacts editor's add row. sessionStorage, not localStorage: a half-typed registration stays in
 * the tab it was typed in. It holds no password: the contacts set theirs from the welcome mail.
 */
export function useRegistrationDraft() {
  const [draft, setDraft] = useState<RegistrationDraft>(readDraft);
  const [kept, setKept] = useState(true);

  // A layout effect: stored before the screen shows the change, so a reload right after sees it.
  useLayoutEffect(() => {
    if (!kept) return;
    try {
      window.sessionStorage.setItem(REGISTRATION_DRAFT_KEY, JSON.stringify(draft));
    } catch {
      // Storage full or refused: the wizard still works, only a reload loses the draft.
    }
  }, [draft, kept]);

  const update = useCallback((changes: Partial<RegistrationDraft>) => setDraft((current) => ({ ...current, ...changes })), []);
  const clear = useCallback(() => {
    setKept(false);
    window.sessionStorage.removeItem(REGISTRATION_DRAFT_KEY);
    window.sessionStorage.removeItem(REGISTRATION_NEW_CONTACT_DRAFT_KEY);
  }, []);

  return { draft, update, clear };
}
