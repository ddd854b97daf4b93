import { createMessages } from '@portal/i18n/react';
import english from './en.json';

/**
 * The audit trail's words (docs/product/accounts-and-roles.md#audit-trail; docs/decisions/0024-message-catalogues.md):
 * a catalogue of their own, loaded with the admins' trail and a ticket's History tab, so the ticket page carries none.
 */
export const auditMessages = createMessages(english, (language) => import(`./${language}.json`));
export const useT = auditMessages.useT;
