import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { Language, Locale } from '@portal/domain';
import { useSession } from '@portal/session';
import { translateMessageText, type TranslationTable } from './index';
import { pseudoFixedText } from './pseudo';

export { translateMessageText, type TranslationTable };

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: TranslationTable }>> = {
  de: () => import('@portal/domain/message-translations/de.json'),
};

const tables = new Map<Locale, TranslationTable>();
const loading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Loads the fixed texts of `locale` once (a remote's `ready` may wait for it). */
export function preloadMessageText(locale: Locale = useSession.getState().language): Promise<void> {
  if (locale === 'en' || locale === 'en-XA' || tables.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then(({ default: table }) => {
      tables.set(locale, table);
      for (const listener of listeners) listener();
    }, () => {
      loading.delete(locale);
    });
    loading.set(locale, pending);
  }
  return pending;
}

const identity = (text: string) => text;

/** A function giving one of the product's fixed texts (MESSAGES.x, or an API error) in the person's language. */
export function useMessageText(): (text: string) => string {
  const language = useSession((s) => s.language);
  // The same snapshot on the server: prerendered pages (server/lib/prerender-worker.ts) render with it.
  const snapshot = () => tables.get(language);
  const table = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void preloadMessageText(language);
  }, [language]);
  return useMemo(() => {
    if (language === 'en-XA') return pseudoFixedText;
    return table ? (text: string) => translateMessageText(text, table) : identity;
  }, [language, table]);
}
