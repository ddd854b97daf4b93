import type { PortalDb } from '../db/connect';

export type RecipientRepository = ReturnType<typeof createRecipientRepository>;

export interface RecipientContactRow {
  contact_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  group_id: number;
  active: number;
}

export interface PrimaryLinkRow extends RecipientContactRow {
  company_id: number;
  company_name: string;
  primary: number;
  services: string | null;
}

const CONTACT_COLUMNS = ['c.contact_id', 'c.first_name', 'c.last_name', 'c.email', 'c.phone', 'c.group_id', 'c.active'] as const;

/** The rows the message centre's recipient rules read (docs/product/messaging.md#recipients); the rules themselves are in @portal/domain. */
export function createRecipientRepository(db: PortalDb) {
  return {
    /** Active contacts, of the given groups when any, by contact id. */
    async contacts(groupIds: readonly number[]): Promise<RecipientContactRow[]> {
      let query = db.selectFrom('contacts as c').select(CONTACT_COLUMNS).where('c.active', '=', 1);
      if (groupIds.length > 0) query = query.where('c.group_id', 'in', [...groupIds]);
      return query.orderBy('c.contact_id').execute();
    },

    async contactsById(contactIds: readonly number[]): Promise<RecipientContactRow[]> {
      if (contactIds.length === 0) return [];
      return db.selectFrom('contacts as c').select(CONTACT_COLUMNS).where('c.contact_id', 'in', [...contactIds]).execute();
    },

    /** Primary links of active contacts with their company and its services meta, filtered by mode and company. */
    async primaryLinks(modeIds: readonly number[], companyIds: readonly number[]): Promise<PrimaryLinkRow[]> {
      let query = db
        .selectFrom('company_contacts as cc')
        .innerJoin('contacts as c', 'c.contact_id', 'cc.contact_id')
        .innerJoin('companies as co', 'co.company_id', 'cc.company_id')
        .leftJoin('company_meta as sm', (join) => join.onRef('sm.company_id', '=', 'co.company_id').on('sm.meta_key', '=', 'services'))
        .select([...CONTACT_COLUMNS, 'co.company_id', 'co.name as company_name', 'cc.primary', 'sm.meta_value as services'])
        .where('cc.primary', '=', 1)
        .where('c.active', '=', 1);
      if (modeIds.length > 0) query = query.where('co.mode', 'in', [...modeIds]);
      if (companyIds.length > 0) query = query.where('co.company_id', 'in', [...companyIds]);
      return query.orderBy('co.name').orderBy('co.company_id').orderBy('c.contact_id').execute();
    },

    async ticketsInStatuses(statusIds: readonly number[]) {
      if (statusIds.length === 0) return [];
      return db
        .selectFrom('tickets')
        .select(['ticket_id', 'company_id', 'contact_id', 'assignee_id', 'status_id', 'title'])
        .where('status_id', 'in', [...statusIds])
        .orderBy('ticket_id')
        .execute();
    },

    async ticketsById(ticketIds: readonly number[]) {
      if (ticketIds.length === 0) return [];
      return db.selectFrom('tickets').select(['ticket_id', 'title', 'company_id']).where('ticket_id', 'in', [...ticketIds]).orderBy('ticket_id').execute();
    },

    async companiesById(companyIds: readonly number[]) {
      if (companyIds.length === 0) return [];
      return db.selectFrom('companies').select(['company_id', 'name']).where('company_id', 'in', [...companyIds]).execute();
    },
  };
}
