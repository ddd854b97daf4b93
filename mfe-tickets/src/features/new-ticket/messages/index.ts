import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * The new-ticket form's texts (docs/decisions/0024-message-catalogues.md): a catalogue of their own, loaded with the
 * form, so the ticket page carries none of them.
 */
export const newTicketMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = newTicketMessages.useT;
