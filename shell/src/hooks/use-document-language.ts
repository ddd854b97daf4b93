import { useEffect } from 'react';
import type { Locale } from '@portal/domain';
import { useSession } from '@portal/session';

/** The page's `<html lang>` for a language the screens speak (the pseudo-locale is English). */
export function documentLanguage(language: Locale): string {
  return language === 'de' ? 'de' : 'en';
}

/** Keeps `<html lang>` on the session's language, so screen readers, hyphenation and spell-checkers follow a switch. */
export function useDocumentLanguage(): void {
  const language = useSession((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = documentLanguage(language);
  }, [language]);
}
