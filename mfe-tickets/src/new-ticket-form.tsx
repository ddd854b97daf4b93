// The federation surface `tickets/NewTicketForm`: the dashboards embed the form through it. Its props
// are declared once, as `NewTicketFormProps` in @portal/ui (exposed-components.ts).
export { NewTicketForm } from './features/new-ticket/new-ticket-form';
