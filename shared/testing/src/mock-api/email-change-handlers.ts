import { emailChangeEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, STEP_UP_MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { findContact } from './portal-queries';
import { answer, errorAnswer, mock } from './respond';

/**
 * An e-mail change's mailed links (docs/product/accounts-and-roles.md#sensitive-changes) over
 * `db.security.emailChanges`: undo puts the old address back and voids the contact's other links;
 * confirm makes the change; each link works once.
 */
export function emailChangeHandlers(db: PortalData) {
  const use = (code: string, purpose: 'undo' | 'confirm') => {
    const found = db.security.emailChanges.find((c) => c.code === code && c.purpose === purpose);
    if (!found) return { error: errorAnswer(400, STEP_UP_MESSAGES.emailLinkInvalid) } as const;
    const person = findContact(db, found.contact_id);
    if (!person) return { error: errorAnswer(400, MESSAGES.contactNoLongerActive) } as const;
    return { found, person } as const;
  };
  return [
    mock(api.undoEmailChange, ({ params }) => {
      const used = use(String(params.code), 'undo');
      if ('error' in used) return used.error;
      const { found, person } = used;
      person.email = found.old_email;
      db.security.emailChanges = db.security.emailChanges.filter((c) => c.contact_id !== found.contact_id);
      return answer(api.undoEmailChange, { email: person.email, first_name: person.first_name });
    }),
    mock(api.confirmEmailChange, ({ params }) => {
      const used = use(String(params.code), 'confirm');
      if ('error' in used) return used.error;
      const { found, person } = used;
      person.email = found.new_email;
      db.security.emailChanges = db.security.emailChanges.filter((c) => c !== found);
      return answer(api.confirmEmailChange, { email: person.email, first_name: person.first_name });
    }),
  ];
}
