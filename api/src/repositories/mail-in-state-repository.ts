import type { PortalDb } from '../db/connect';

export type MailInStateRepository = ReturnType<typeof createMailInStateRepository>;

/** The fetcher's one row (mail_in_state, id 1): its lease, its place in the mailbox, its last fetch and error. */
export function createMailInStateRepository(_db: PortalDb) {
  return {};
}
