import type { TicketUpdate } from '@portal/contract';

/** Saves a change; resolves true when it was saved (false: the screen shows the error). */
export type ChangeTicket = (changes: TicketUpdate) => Promise<boolean>;
