// The federation surface `tickets/NewTicketForm`: the dashboards embed the form through it.
export { NewTicketForm } from './features/new-ticket/components/new-ticket-form';
export type { NewTicketFormProps } from './features/new-ticket/components/new-ticket-form';
