import { isStaff } from './groups';

/** The parts of a contact record the staff rules read. */
export interface StaffCandidate {
  active: number;
  group_id: number;
}

/**
 * An active contact of groups 1-4 (a deleted agent is deactivated: docs/product/companies-and-contacts.md#deleting-an-agent): the only contacts a
 * ticket may be assigned to, a company's default agent or type assignment may name, or time may be
 * logged for.
 */
export function isAssignableStaff(contact: StaffCandidate | null | undefined): boolean {
  return contact != null && contact.active === 1 && isStaff(contact.group_id);
}
