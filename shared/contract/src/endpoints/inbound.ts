import type { EndpointTable } from './endpoint';

/** A ticket from anywhere (docs/product/integrations.md#a-ticket-from-anywhere): opened with an API token. */
export const inboundEndpoints = {
  inboundTicket: { method: 'POST', path: '/inbound/tickets', body: 'inboundTicketCreate', answer: 'inboundTicketAnswer', status: 201 },
} as const satisfies EndpointTable;
