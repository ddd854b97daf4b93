import { http } from 'msw';
import { searchRequest, ticket } from '@portal/contract';
import type { PortalData } from './portal-data';
import { apiRoute, readBody, reply } from './respond';

/** Search: a ticket search answers every ticket (the mock does not filter); other types find nothing. */
export function searchHandlers(db: PortalData) {
  return [
    http.post(apiRoute('/search/:type'), async ({ request, params }) => {
      if (params.type !== 'ticket') return reply({ parse: (rows: unknown) => rows as unknown[] }, []);
      const read = await readBody(request, searchRequest);
      return read.ok ? reply(ticket.array(), db.tickets.map((t) => ({ description: '', ...t }))) : read.answer;
    }),
  ];
}
