import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, PSEUDO_LOCALE, type Locale } from '@portal/domain';
import { useFormats, useSession } from '@portal/session';
import { createTranslator, type Catalogue, type RichValues, type Translate } from './index';
import { preloadMessageText } from './message-text';

/** A part's catalogue loader for its translations: `(language) => import(\`./${language}.json\`)` (the pseudo-locale is made from English). */
export type CatalogueLoader = (language: Exclude<Locale, 'en' | typeof PSEUDO_LOCALE>) => Promise<{ default: Catalogue }>;

/** A part's texts (docs/decisions/0024-message-catalogues.md): its own catalogues, read in the session's language. */
export interface Messages<Key extends string> {
  /** This part's texts in the person's language (English while another language's catalogue arrives). */
  useT(): Translate<Key> & { rich(key: Key, values: RichValues<ReactNode>): ReactNode[] };
  /**
   * Loads the catalogue of `locale` (the session's language by default) and the product's fixed texts in it
   * (message-text.tsx): a remote's `ready` waits for it, so its first render speaks it.
   */
  preload(locale?: Locale): Promise<void>;
}

/** Every catalogue's preload this bundle has made (createMessages), for the build's prerender. */
const everyCatalogue = new Set<(locale: Locale) => Promise<void>>();

/**
 * Loads every catalogue made so far in `locale`: the build renders each signed-in first screen in every language
 * (server/lib/prerender-worker.ts), so a reader's first screen is in their words before the app runs.
 */
export function preloadEveryCatalogue(locale: Locale): Promise<void> {
  return Promise.all([...everyCatalogue].map((preload) => preload(locale))).then(() => undefined);
}

/**
 * A part's message catalogues: English bundled with its code, every other language a chunk of its
 * own loaded for the person who reads it, so a part carries only its own texts in one language.
 */
export function createMessages<English extends Record<string, unknown>>(english: English, load: CatalogueLoader): Messages<keyof English & string> {
  type Key = keyof English & string;
  const englishCatalogue = english as unknown as Catalogue;
  const translators = new Map<Locale, Translate<Key>>([[DEFAULT_LANGUAGE, createTranslator<Key>(DEFAULT_LANGUAGE, englishCatalogue)]]);
  const loading = new Map<Locale, Promise<void>>();
  const listeners = new Set<() => void>();

  function preload(locale: Locale = useSession.getState().language): Promise<void> {
    return Promise.all([preloadOwn(locale), preloadMessageText(locale)]).then(() => undefined);
  }

  function preloadOwn(locale: Locale): Promise<void> {
    if (translators.has(locale)) return Promise.resolve();
    let pending = loading.get(locale);
    if (!pending) {
      // The pseudo-locale is made from English, by code only its tests load.
      const catalogue = locale === PSEUDO_LOCALE
        ? import('./pseudo').then(({ pseudoFromEnglish }) => ({ default: pseudoFromEnglish(englishCatalogue) }))
        : load(locale as Exclude<Locale, 'en' | typeof PSEUDO_LOCALE>);
      pending = catalogue.then(({ default: messages }) => {
        translators.set(locale, createTranslator<Key>(locale, messages, englishCatalogue));
        for (const listener of listeners) listener();
      }, () => {
        // Not loaded (offline, a deploy between): English until the next try.
        loading.delete(locale);
      });
      loading.set(locale, pending);
    }
    return pending;
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  function useT() {
    const language = useSession((s) => s.language);
    // The same snapshot on the server: a remote's prerendered pages (server/lib/prerender-worker.ts) render with it.
    const snapshot = () => translators.get(language);
    const translator = useSyncExternalStore(subscribe, snapshot, snapshot);
    useEffect(() => {
      if (!translator) void preloadOwn(language);
    }, [translator, language]);
    return (translator ?? translators.get(DEFAULT_LANGUAGE)!) as ReturnType<Messages<Key>['useT']>;
  }

  everyCatalogue.add(preload);
  return { useT, preload };
}

/** How this person reads dates, numbers and money (for packages that never read the session store themselves: @portal/ui, @portal/features). */
export { useFormats };
