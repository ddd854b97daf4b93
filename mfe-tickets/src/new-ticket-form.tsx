import { newTicketMessages } from './features/new-ticket/messages';
import { ticketsMessages } from './messages';

// The federation surface `tickets/NewTicketForm`: the dashboards embed the form through it. Its props
// are declared once, as `NewTicketFormProps` in @portal/ui (exposed-components.ts).
export { NewTicketForm } from './features/new-ticket/new-ticket-form';

// The form's texts in the reader's language start loading with it (docs/decisions/0024-message-catalogues.md): the
// embedding page awaits no `ready` of ours, so the form shows English only until they are in.
void ticketsMessages.preload();
void newTicketMessages.preload();
