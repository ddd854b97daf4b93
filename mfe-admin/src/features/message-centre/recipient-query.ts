import type { RecipientsQuery } from '@portal/contract';
import { MESSAGES, isMessageTicketStatus, type RecipientKind, type TicketContactType } from '@portal/domain';

/** Everything the recipient filters hold; only the chosen kind's part is sent. */
export interface RecipientFilters {
  kind: RecipientKind;
  groupIds: number[];
  modeIds: number[];
  serviceIds: number[];
  companyIds: number[];
  contactType: TicketContactType | '';
  statusIds: number[];
}

export const NO_FILTERS: RecipientFilters = {
  kind: 'clients', groupIds: [], modeIds: [], serviceIds: [], companyIds: [], contactType: '', statusIds: [],
};

/** The query for POST /sendmail/recipients, or 'You must choose a contact type and ticket status for tickets.' when tickets lack one (docs/product/messaging.md#recipients). */
export function recipientsQueryFor(filters: RecipientFilters): { query: RecipientsQuery } | { problem: string } {
  switch (filters.kind) {
    case 'contacts':
      return { query: { kind: 'contacts', group_ids: filters.groupIds } };
    case 'clients':
      return { query: { kind: 'clients', mode_ids: filters.modeIds, service_ids: filters.serviceIds, company_ids: filters.companyIds } };
    case 'agents':
      return { query: { kind: 'agents' } };
    case 'tickets': {
      const statuses = filters.statusIds.filter(isMessageTicketStatus);
      if (filters.contactType === '' || statuses.length === 0) return { problem: MESSAGES.chooseContactTypeAndStatus };
      return { query: { kind: 'tickets', contact_type: filters.contactType, status_ids: statuses } };
    }
  }
}

/** Adds or removes an id of a filter list. */
export const toggle = (ids: readonly number[], id: number) => (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]);
