import { useMemo } from 'react';
import { DEFAULT_CURRENCY, PSEUDO_LOCALE, isCurrency, isLocale, pickLanguage, type Currency, type Formats, type Locale, type Viewer } from '@portal/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Contact, SessionAnswer } from '@portal/contract';

export const SESSION_STORAGE_KEY = 'portal-session';

/** Saved list filters (per screen), kept across reloads and dropped on sign-out. */
export type SessionFilters = Record<string, unknown>;

export interface SessionData {
  isLoggedIn: boolean;
  contact: Contact | null;
  /** The dashboard path for the contact's group: /admins, /agents or /clients. */
  dashboard: string;
  /** IANA time zone dates are shown in, taken from the browser at sign-in. */
  timeZone: string;
  filters: SessionFilters;
  /**
   * The admins require a second factor and none is enrolled yet: the route guard keeps the user on
   * the Security page (docs/product/accounts-and-roles.md#account-security).
   */
  enrolRequired: boolean;
  /**
   * The language screens speak (docs/product/languages.md): signed in, the contact's (or the portal's
   * default); signed out, the one chosen on the sign-in page or else the browser's first supported one.
   */
  language: Locale;
  /** The agency's invoicing currency, as the session answer said (USD until then). */
  currency: Currency;
}

export interface SessionActions {
  signIn(answer: SessionAnswer): void;
  /**
   * A fresh answer of GET /auth/me for the person signed in: their contact, whether they must still enrol a second
   * factor, and their language and the agency's currency, which an admin may have changed since the sign-in.
   */
  refresh(answer: SessionAnswer): void;
  /** Replaces the contact after a change of theirs was saved (their language, their notification choices). */
  setContact(contact: Contact): void;
  /** After GET /auth/me or an enrolment: does the policy still wait for a second factor? */
  setEnrolRequired(required: boolean): void;
  setFilter(name: string, value: unknown): void;
  /** Screens switch to this language (after the API stored it, when signed in). */
  setLanguage(language: Locale): void;
  signOut(): void;
}

export type SessionState = SessionData & SessionActions;

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

// Signed out, no screen shows a date: the browser's zone is read at sign-in, not when the store
// is made, since the page's first Intl.DateTimeFormat costs ~15 ms of start-up on the login page.
const SIGNED_OUT_TIME_ZONE = 'UTC';

function browserLanguage(): Locale {
  try {
    return pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
  } catch {
    return 'en';
  }
}

const signedOut = (language: Locale = browserLanguage()): SessionData => ({
  isLoggedIn: false,
  contact: null,
  dashboard: '/',
  timeZone: SIGNED_OUT_TIME_ZONE,
  filters: {},
  enrolRequired: false,
  language,
  currency: DEFAULT_CURRENCY,
});

/**
 * The language and currency a session answer names, each checked (an older API answers neither). The
 * pseudo-locale is never a person's: a test sets it in the browser and it outlives the sign-in.
 */
function localeOf(answer: SessionAnswer, current: Locale): Pick<SessionData, 'language' | 'currency'> {
  const language = answer.contact.language ?? answer.locale?.language;
  const currency = answer.locale?.currency;
  return {
    language: current === PSEUDO_LOCALE || !isLocale(language) ? current : language,
    currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY,
  };
}

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      ...signedOut(),
      signIn: (answer) => set({
        isLoggedIn: true, contact: answer.contact, dashboard: answer.dashboard, timeZone: browserTimeZone(), filters: {},
        enrolRequired: answer.enrol_required === true, ...localeOf(answer, get().language),
      }),
      refresh: (answer) => set((state) => ({
        contact: answer.contact, enrolRequired: answer.enrol_required === true, ...localeOf(answer, state.language),
      })),
      setContact: (contact) => set((state) => ({
        contact, language: state.language !== PSEUDO_LOCALE && isLocale(contact.language) ? contact.language : state.language,
      })),
      setEnrolRequired: (enrolRequired) => set({ enrolRequired }),
      setFilter: (name, value) => set((state) => ({ filters: { ...state.filters, [name]: value } })),
      setLanguage: (language) => set({ language }),
      signOut: () => {
        // The sign-in page keeps speaking the language the person read until now.
        set(signedOut(get().language));
        useSession.persist.clearStorage();
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ isLoggedIn, contact, dashboard, timeZone, filters, enrolRequired, language, currency }): SessionData => ({
        isLoggedIn, contact, dashboard, timeZone, filters, enrolRequired, language, currency,
      }),
    },
  ),
);

/** Who is looking, in the shape every rule of @portal/domain's policy takes; null when signed out. */
export function viewerOf(state: Pick<SessionData, 'isLoggedIn' | 'contact'>): Viewer | null {
  if (!state.isLoggedIn || !state.contact) return null;
  const { contact } = state;
  const linked = contact.companies.map((c) => c.company_id);
  const companyIds = contact.company_id !== null && !linked.includes(contact.company_id)
    ? [contact.company_id, ...linked]
    : linked;
  const primaryCompanyIds = contact.companies.filter((c) => c.primary === 1).map((c) => c.company_id);
  return { contactId: contact.contact_id, groupId: contact.group_id, companyIds, primaryCompanyIds };
}

/** The signed-in viewer for a component, memoised on the session's contact. */
export function useViewer(): Viewer | null {
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const contact = useSession((s) => s.contact);
  return useMemo(() => viewerOf({ isLoggedIn, contact }), [isLoggedIn, contact]);
}

/** How this person reads dates, numbers and money: their language, their clock, the agency's currency. */
export function useFormats(): Formats {
  const locale = useSession((s) => s.language);
  const timeZone = useSession((s) => s.timeZone);
  const currency = useSession((s) => s.currency);
  return useMemo(() => ({ locale, timeZone, currency }), [locale, timeZone, currency]);
}
