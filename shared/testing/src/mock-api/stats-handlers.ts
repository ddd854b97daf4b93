import { http } from 'msw';
import { ticketStatsMonth } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, reply } from './respond';

/** The admin stats: tickets by month, from `db.ticketStats`. */
export function statsHandlers(db: PortalData) {
  return [http.get(apiRoute('/stats/tickets'), () => reply(ticketStatsMonth.array(), db.ticketStats))];
}
