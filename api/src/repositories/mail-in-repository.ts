import type { PortalDb } from '../db/connect';

export type MailInRepository = ReturnType<typeof createMailInRepository>;

/** The messages read from the support mailbox (mail_in_messages; docs/product/notifications-and-mail.md#mail-in). */
export function createMailInRepository(_db: PortalDb) {
  return {};
}
