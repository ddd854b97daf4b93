import type { PortalDb } from '../db/connect';
import { mailTranslator, type MailMessageKey } from '../messages';
import type { NotificationRepository } from '../repositories/notification-repository';
import { contactLanguages } from './contact-language';

// The bell's notifications in each recipient's language (docs/product/languages.md#a-persons-language): a change
// says what to tell as a message of the API's catalogue (api/src/messages) with its values, and the text is written
// in the language its one reader reads, like their mail. A notification keeps the words it was written in.

/** What to tell: a message of the API's catalogue and its values (data, such as a ticket's title, is never translated). */
export interface BellText {
  key: MailMessageKey;
  values?: Readonly<Record<string, string>>;
}

/** A notification to write: to whom, about which ticket (or none), what, when. */
export interface BellNotification {
  contact_id: number;
  ticket_id: number | null;
  text: BellText;
  date_created: string;
}

/** Writes `rows` on `trx` (the transaction of the change they tell of), each in its recipient's language. */
export async function addBellNotifications(
  notifications: NotificationRepository, trx: PortalDb, rows: readonly BellNotification[],
): Promise<void> {
  if (rows.length === 0) return;
  const languageOf = await contactLanguages(trx, rows.map((row) => row.contact_id));
  await notifications.addMany(trx, rows.map(({ text, ...row }) => ({ ...row, note: mailTranslator(languageOf(row.contact_id))(text.key, text.values) })));
}
