import { GROUP_CLIENT } from './groups';
import { VERIFY_CODE_VALID_MS } from './registration';

/** What decides whether an unconfirmed contact still holds its address. */
export interface ContactClaim {
  group_id: number;
  /** The contact meta `verified`: '0' from registration or the contacts editor, '1' once a link was used; null on older rows. */
  verified: string | null;
  date_created: string;
  /** A verify or reset link of the contact's that still works. */
  hasLiveCode: boolean;
  /** A session of the contact's that has not ended. */
  hasSession: boolean;
}

/**
 * An address is a contact's for good once it is confirmed (docs/product/companies-and-contacts.md#contacts):
 * a client added by a registration or the contacts editor who never used a link of its welcome mail,
 * whose links have all expired (VERIFY_CODE_VALID_MS after it was made, or a later reset link's day) and
 * who has no session, holds it no longer: registering or adding that address elsewhere lets it go.
 * A row without `verified` '0' (older than the rule, or confirmed) is never let go.
 */
export function isUnclaimedContact(contact: ContactClaim, now: Date): boolean {
  const created = Date.parse(contact.date_created);
  return contact.group_id === GROUP_CLIENT
    && contact.verified === '0'
    && !contact.hasLiveCode
    && !contact.hasSession
    && Number.isFinite(created)
    && now.getTime() - created > VERIFY_CODE_VALID_MS;
}
