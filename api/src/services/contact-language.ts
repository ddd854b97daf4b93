import type { LocaleValue } from '@portal/contract';
import { languageOf, type Language } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { parseLocaleOption } from './option-defaults';

// Which language a contact reads (docs/product/languages.md#a-persons-language): the one they chose, or else
// the portal's default (the option `locale`). Screens learn it from the session answer; mail asks here.

/** The portal's default language and the agency's currency, read on `executor` (the database, or a write's transaction). */
export async function portalLocale(executor: PortalDb): Promise<LocaleValue> {
  const row = await executor.selectFrom('options').select('option_value').where('option_name', '=', 'locale').executeTakeFirst();
  let value: unknown;
  try {
    value = row ? JSON.parse(row.option_value) : undefined;
  } catch {
    value = undefined;
  }
  return parseLocaleOption(value);
}

/**
 * The language contact `contactId` reads their screens and mail in: their own, or else the portal's default
 * (also for a contact that is gone). Read on `executor`, so a mail queued inside a write sees that write.
 */
export async function contactLanguage(executor: PortalDb, contactId: number): Promise<Language> {
  // One after the other: a transaction is one connection.
  const row = await executor.selectFrom('contacts').select('language').where('contact_id', '=', contactId).executeTakeFirst();
  return languageOf(row?.language, (await portalLocale(executor)).language);
}

/** A session answer's `locale`: the contact's language (or the portal's default) and the agency's currency. */
export function sessionLocale(contactLanguageStored: string | null | undefined, locale: LocaleValue): LocaleValue {
  return { language: languageOf(contactLanguageStored, locale.language), currency: locale.currency };
}

type ContactId = number | null | undefined;

/**
 * The language each of `contactIds` reads (their own, else the portal's default; the default for a contact that is
 * gone, and for an address that is no contact: null), in two reads on `executor` whatever their number: for a write
 * that tells several people at once.
 */
export async function contactLanguages(executor: PortalDb, contactIds: readonly ContactId[]): Promise<(contactId: ContactId) => Language> {
  const portalDefault = (await portalLocale(executor)).language;
  const ids = [...new Set(contactIds.filter((id): id is number => typeof id === 'number'))];
  const rows = ids.length === 0 ? [] : await executor.selectFrom('contacts').select(['contact_id', 'language']).where('contact_id', 'in', ids).execute();
  const own = new Map(rows.map((row) => [row.contact_id, row.language]));
  return (contactId) => languageOf(typeof contactId === 'number' ? own.get(contactId) : undefined, portalDefault);
}
