import { createTranslator, type Translate } from '@portal/i18n';
import { DEFAULT_LANGUAGE, type Language } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { contactLanguage, portalLocale } from '../services/contact-language';
import english from './en.json' with { type: 'json' };
import german from './de.json' with { type: 'json' };

// The API's own words (docs/decisions/0024-message-catalogues.md): the subjects and texts of the mail it
// sends, in the recipient's language. The server holds the ICU parser, so its catalogues stay text.

export type MailMessageKey = keyof typeof english;
export type MailTranslate = Translate<MailMessageKey>;

const translators: Record<Language, MailTranslate> = {
  en: createTranslator<MailMessageKey>('en', english),
  de: createTranslator<MailMessageKey>('de', german, english),
};

/** The mail texts of one language. */
export function mailTranslator(language: Language = DEFAULT_LANGUAGE): MailTranslate {
  return translators[language] ?? translators[DEFAULT_LANGUAGE];
}

/**
 * The language a recipient reads mail in (docs/product/languages.md#a-persons-language): the contact's own, else
 * the portal's default; the portal's default for an address that is no contact (`contactId` null). Read on
 * `executor`, so mail queued inside a write sees that write.
 */
export async function mailLanguage(executor: PortalDb, contactId: number | null | undefined): Promise<Language> {
  return contactId === null || contactId === undefined ? (await portalLocale(executor)).language : contactLanguage(executor, contactId);
}

/**
 * One rendering of a mail per language, for mail to several recipients: `render` runs once for each
 * language asked for.
 */
export function perLanguage<Mail>(render: (language: Language) => Mail): (language: Language) => Mail {
  const rendered = new Map<Language, Mail>();
  return (language) => {
    let mail = rendered.get(language);
    if (mail === undefined) {
      mail = render(language);
      rendered.set(language, mail);
    }
    return mail;
  };
}
