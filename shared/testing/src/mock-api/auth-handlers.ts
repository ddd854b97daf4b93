import type { Contact } from '@portal/contract';
import { authEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES, isResetCodeExpired, normalizeEmail } from '@portal/domain';
import type { OneTimeCode, PortalData } from './portal-data';
import { findContact, markVerified } from './portal-queries';
import { answer, errorAnswer, mock, nowIso, readBody } from './respond';
import { mockSessionAnswer } from './security-handlers';

/**
 * Signing in and out, who is signed in, and the password reset (docs/product/accounts-and-roles.md#signing-in,
 * #password-reset): forgot mails a one-time code, recorded in `db.outbox` with the code its link
 * carries; reset checks the code, uses it up and marks the address verified.
 */
export function authHandlers(db: PortalData) {
  let issued = 0;
  const newCode = (kind: string) => `${kind}-code-${(issued += 1)}`;

  /** The reset code's problem as the API words it, or the code and its (still active) contact. */
  const checkResetCode = (code: string): { problem: string } | { found: OneTimeCode; person: Contact } => {
    const found = db.resetCodes.find((c) => c.code === code);
    if (!found) return { problem: MESSAGES.resetCodeInvalid };
    if (isResetCodeExpired(found.date_created, new Date())) return { problem: MESSAGES.resetCodeExpired };
    const person = findContact(db, found.contact_id);
    return person ? { found, person } : { problem: MESSAGES.contactNoLongerActive };
  };

  return [
    mock(api.login, async ({ request }) => {
      const read = await readBody(request, api.login);
      if (!read.ok) return read.answer;
      const found = db.contacts.find((c) => c.email === read.body.username);
      if (!found || read.body.password !== db.password) return errorAnswer(401, MESSAGES.invalidCredentials);
      // A contact with a second factor gets the second step (docs/product/accounts-and-roles.md#account-security).
      const methods = db.security.secondFactor[found.contact_id] ?? [];
      if (methods.length > 0) {
        db.security.pending = found.contact_id;
        return answer(api.login, { second_factor: { methods } });
      }
      db.session = found;
      return answer(api.login, mockSessionAnswer(db, found));
    }),
    mock(api.logout, () => {
      db.session = null;
      return answer(api.logout, { ok: true });
    }),
    mock(api.me, () => (db.session ? answer(api.me, mockSessionAnswer(db, db.session)) : errorAnswer(401, MESSAGES.notSignedIn))),
    mock(api.forgotPassword, async ({ request }) => {
      const read = await readBody(request, api.forgotPassword, MESSAGES.contactNotFoundTryAgain);
      if (!read.ok) return read.answer;
      const person = db.contacts.find((c) => normalizeEmail(c.email) === read.body.email);
      if (!person) return errorAnswer(404, MESSAGES.contactNotFoundTryAgain);
      const code = newCode('reset');
      db.resetCodes = [...db.resetCodes.filter((c) => c.contact_id !== person.contact_id), { code, contact_id: person.contact_id, date_created: nowIso() }];
      db.outbox.push({ to: person.email, kind: 'reset', code });
      return answer(api.forgotPassword, { sent: true });
    }),
    mock(api.resetCodeStatus, ({ params }) => {
      const checked = checkResetCode(String(params.code));
      if ('problem' in checked) return errorAnswer(400, checked.problem);
      return answer(api.resetCodeStatus, { valid: true, first_name: checked.person.first_name });
    }),
    mock(api.resetPassword, async ({ request }) => {
      const read = await readBody(request, api.resetPassword, MESSAGES.contactNotUpdated);
      if (!read.ok) return read.answer;
      const checked = checkResetCode(read.body.code);
      if ('problem' in checked) return errorAnswer(400, checked.problem);
      markVerified(checked.person);
      db.resetCodes = db.resetCodes.filter((c) => c !== checked.found);
      return answer(api.resetPassword, { ok: true });
    }),
  ];
}
