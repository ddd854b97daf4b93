import { useEffect, useSyncExternalStore } from 'react';
import type { Locale } from '@portal/domain';
import { useSession } from '@portal/session';
import { translateMessageText, type TranslationTable } from './index';

export { translateMessageText, type TranslationTable };

type FixedText = (text: string) => string;

/** Each language's fixed texts, loaded when someone reads it; the pseudo-locale's made from English by code only its tests load. */
const loaders: Record<Exclude<Locale, 'en'>, () => Promise<FixedText>> = {
  de: () => import('@portal/domain/message-translations/de.json').then(({ default: table }) => (text: string) => translateMessageText(text, table)),
  'en-XA': () => import('./pseudo').then(({ pseudoFixedText }) => pseudoFixedText),
};

const texts = new Map<Locale, FixedText>();
const loading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Loads the fixed texts of `locale` once (a remote's `ready` may wait for it). */
export function preloadMessageText(locale: Locale = useSession.getState().language): Promise<void> {
  if (locale === 'en' || texts.has(locale)) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = loaders[locale]().then((text) => {
      texts.set(locale, text);
      for (const listener of listeners) listener();
    }, () => {
      loading.delete(locale);
    });
    loading.set(locale, pending);
  }
  return pending;
}

const identity: FixedText = (text) => text;

/** The fixed texts of `locale` as a function, once loaded: for what is drawn outside React (a prerendered frame). */
export async function fixedTextIn(locale: Locale): Promise<FixedText> {
  await preloadMessageText(locale);
  return texts.get(locale) ?? identity;
}

/** A function giving one of the product's fixed texts (MESSAGES.x, or an API error) in the person's language. */
export function useMessageText(): FixedText {
  const language = useSession((s) => s.language);
  // The same snapshot on the server: prerendered pages (server/lib/prerender-worker.ts) render with it.
  const snapshot = () => texts.get(language);
  const text = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void preloadMessageText(language);
  }, [language]);
  return text ?? identity;
}
