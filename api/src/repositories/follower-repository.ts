import type { CcAddress } from '@portal/contract';
import { GROUP_CLIENT, isStaff } from '@portal/domain';
import type { PortalDb } from '../db/connect';
import { displayName } from './contact-repository';

export type FollowerRepository = ReturnType<typeof createFollowerRepository>;

/** A follower as the list and the fan-out read them: `linked` when a contact of the ticket's company. */
export interface FollowerRow {
  contact_id: number;
  name: string;
  first_name: string;
  email: string;
  group_id: number;
  active: boolean;
  linked: boolean;
  date_added: string;
}

/** A contact found by address, with whether it is a contact of the company asked about. */
export interface AddressedContact {
  contact_id: number;
  email: string;
  group_id: number;
  active: boolean;
  linked: boolean;
}

/** Followers of tickets and the Cc addresses not yet invited (docs/product/tickets.md#followers-and-cc). */
export function createFollowerRepository(db: PortalDb, clock: () => Date) {
  return {
    /** The ticket's followers, first added first; `linked` says who is (still) a contact of `companyId`. */
    async list(ticketId: number, companyId: number, executor: PortalDb = db): Promise<FollowerRow[]> {
      const rows = await executor
        .selectFrom('ticket_followers as f')
        .innerJoin('contacts as c', 'c.contact_id', 'f.contact_id')
        .leftJoin('company_contacts as cc', (join) => join.onRef('cc.contact_id', '=', 'f.contact_id').on('cc.company_id', '=', companyId))
        .select(['f.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.group_id', 'c.active', 'cc.company_id as linked_company', 'f.date_added'])
        .where('f.ticket_id', '=', ticketId)
        .orderBy('f.date_added')
        .orderBy('f.contact_id')
        .execute();
      return rows.map((row) => ({
        contact_id: row.contact_id, name: displayName(row), first_name: row.first_name, email: row.email, group_id: row.group_id,
        active: row.active === 1, linked: row.linked_company !== null, date_added: row.date_added,
      }));
    },

    /** Adds followers; one already following stays as they were. Answers how many were added. */
    async add(executor: PortalDb, ticketId: number, contactIds: readonly number[], addedBy: number | null): Promise<number> {
      if (contactIds.length === 0) return 0;
      const now = clock().toISOString();
      const result = await executor
        .insertInto('ticket_followers')
        .values(contactIds.map((contact_id) => ({ ticket_id: ticketId, contact_id, added_by: addedBy, date_added: now })))
        .onConflict((oc) => oc.columns(['ticket_id', 'contact_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    async remove(ticketId: number, contactId: number): Promise<number> {
      const result = await db.deleteFrom('ticket_followers').where('ticket_id', '=', ticketId).where('contact_id', '=', contactId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Active contacts of `companyId` (clients), and the active staff when `withStaff`, by name. */
    async candidates(companyId: number, withStaff: boolean): Promise<{ contact_id: number; name: string; staff: boolean }[]> {
      const clients = await db
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.group_id'])
        .where('cc.company_id', '=', companyId)
        .where('c.group_id', '=', GROUP_CLIENT)
        .where('c.active', '=', 1)
        .execute();
      const staff = withStaff
        ? await db.selectFrom('contacts as c').select(['c.contact_id', 'c.first_name', 'c.last_name', 'c.group_id'])
          .where('c.group_id', '<', GROUP_CLIENT).where('c.group_id', '>=', 1).where('c.active', '=', 1).execute()
        : [];
      return [...clients, ...staff]
        .map((row) => ({ contact_id: row.contact_id, name: displayName(row), staff: isStaff(row.group_id) }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.contact_id - b.contact_id);
    },

    /** Contacts by e-mail address (stored lower-cased), each with whether it is a contact of `companyId`. */
    async contactsByEmail(executor: PortalDb, emails: readonly string[], companyId: number): Promise<AddressedContact[]> {
      if (emails.length === 0) return [];
      const rows = await executor
        .selectFrom('contacts as c')
        .leftJoin('company_contacts as cc', (join) => join.onRef('cc.contact_id', '=', 'c.contact_id').on('cc.company_id', '=', companyId))
        .select(['c.contact_id', 'c.email', 'c.group_id', 'c.active', 'cc.company_id as linked_company'])
        .where('c.email', 'in', [...emails])
        .execute();
      return rows.map((row) => ({ contact_id: row.contact_id, email: row.email, group_id: row.group_id, active: row.active === 1, linked: row.linked_company !== null }));
    },

    /** The ticket's Cc addresses not yet invited and not dismissed, first seen first. */
    async ccAddresses(ticketId: number): Promise<CcAddress[]> {
      return db
        .selectFrom('ticket_cc_addresses')
        .select(['id', 'address', 'date_first_seen'])
        .where('ticket_id', '=', ticketId)
        .where('dismissed', '=', 0)
        .orderBy('date_first_seen')
        .orderBy('id')
        .execute();
    },

    /** Lists addresses seen in Cc; one seen before (dismissed or not) stays as it was. Answers how many are new. */
    async addCcAddresses(executor: PortalDb, ticketId: number, addresses: readonly string[]): Promise<number> {
      if (addresses.length === 0) return 0;
      const now = clock().toISOString();
      const result = await executor
        .insertInto('ticket_cc_addresses')
        .values(addresses.map((address) => ({ ticket_id: ticketId, address, date_first_seen: now, dismissed: 0 })))
        .onConflict((oc) => oc.columns(['ticket_id', 'address']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Staff chose not to invite the address: it is no longer listed, nor listed again. */
    async dismissCcAddress(ticketId: number, ccId: number): Promise<number> {
      const result = await db.updateTable('ticket_cc_addresses').set({ dismissed: 1 }).where('ticket_id', '=', ticketId).where('id', '=', ccId)
        .where('dismissed', '=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
