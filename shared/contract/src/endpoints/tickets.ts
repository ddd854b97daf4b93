import type { EndpointTable } from './endpoint';

/** Tickets (docs/product/tickets.md): one ticket, creating and changing it, and the lists of the dashboards. */
export const ticketEndpoints = {
  ticket: { method: 'GET', path: '/ticket/:id', params: 'idParam', answer: 'ticketDetail' },
  createTicket: { method: 'POST', path: '/ticket', body: 'ticketCreate', answer: 'ticketDetail', status: 201 },
  updateTicket: { method: 'PUT', path: '/ticket/:id', params: 'idParam', body: 'ticketUpdate', answer: 'ticketDetail' },
  bulkUpdateTickets: { method: 'PUT', path: '/ticket/bulk', body: 'ticketBulkUpdate', answer: 'ticketBulkAnswer' },
  companyTickets: { method: 'GET', path: '/company/:id/tickets', params: 'idParam', query: 'companyTicketsQuery', answer: 'ticketSummary', many: true },
  companyTicketHistory: { method: 'GET', path: '/company/:id/tickets/history', params: 'idParam', query: 'companyHistoryQuery', answer: 'ticketHistoryPage' },
  contactTickets: { method: 'GET', path: '/contact/:id/tickets', params: 'idParam', answer: 'listedTicket', many: true },
  staffTicketList: { method: 'GET', path: '/staff/tickets/list', query: 'staffListQuery', answer: 'staffListPage' },
  staffTickets: { method: 'GET', path: '/staff/tickets', query: 'staffTicketsQuery', answer: 'listedTicket', many: true },
} as const satisfies EndpointTable;
