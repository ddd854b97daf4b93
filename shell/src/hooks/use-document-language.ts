import { useEffect } from 'react';
import { documentLanguage } from '@portal/domain';
import { useSession } from '@portal/session';

/** Keeps `<html lang>` on the session's language, so screen readers, hyphenation and spell-checkers follow a switch. */
export function useDocumentLanguage(): void {
  const language = useSession((s) => s.language);
  useEffect(() => {
    document.documentElement.lang = documentLanguage(language);
  }, [language]);
}
