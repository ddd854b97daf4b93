import type { EndpointTable } from './endpoint';

/** A ticket's followers and the Cc addresses not yet invited (docs/product/tickets.md#followers-and-cc). */
export const followerEndpoints = {
  ticketFollowers: { method: 'GET', path: '/ticket/:id/followers', params: 'idParam', answer: 'ticketFollowers' },
  followTicket: { method: 'POST', path: '/ticket/:id/followers/me', params: 'idParam', answer: 'ticketFollowers' },
  unfollowTicket: { method: 'DELETE', path: '/ticket/:id/followers/me', params: 'idParam', answer: 'ticketFollowers' },
  addTicketFollower: { method: 'POST', path: '/ticket/:id/followers', params: 'idParam', body: 'followerAdd', answer: 'ticketFollowers' },
  removeTicketFollower: { method: 'DELETE', path: '/ticket/:id/followers/:contact_id', params: 'followerParams', answer: 'ticketFollowers' },
  dismissCcAddress: { method: 'DELETE', path: '/ticket/:id/cc-addresses/:cc_id', params: 'ccAddressParams', answer: 'ticketFollowers' },
} as const satisfies EndpointTable;
