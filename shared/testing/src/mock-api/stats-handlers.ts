import { statsEndpoints as api } from '@portal/contract/endpoints';
import type { PortalData } from './portal-data';
import { answer, mock } from './respond';

/** The admin stats: tickets by month, from `db.ticketStats`. */
export function statsHandlers(db: PortalData) {
  return [mock(api.ticketStats, () => answer(api.ticketStats, db.ticketStats))];
}
