import { http } from 'msw';
import {
  company, forgotPasswordAnswer, forgotPasswordRequest, okAnswer, registrationAnswer, registrationRequest, resetCodeStatus,
  resetPasswordRequest, verifyEmailAnswer, type Contact,
} from '@portal/contract';
import {
  DEFAULT_MODES, MESSAGES, duplicateEmailProblem, isResetCodeExpired, isVerifyCodeExpired, normalizeCompanyUrl, normalizeEmail, registrationMode,
  withFirstPrimary,
} from '@portal/domain';
import type { OneTimeCode, PortalData } from './portal-data';
import { apiPath, errorAnswer, nextId, nowIso, readBody, reply } from './respond';

/**
 * The public account flows (spec 001 §4 "Registration", "Password reset"): registration in one
 * write, forgot / reset with one-time codes, e-mail verification. Each mail is recorded in
 * `db.outbox` with the code its link carries.
 */
export function authHandlers(db: PortalData) {
  let issued = 0;
  const newCode = (kind: string) => `${kind}-code-${(issued += 1)}`;
  const findContact = (id: number) => db.contacts.find((c) => c.contact_id === id);
  const markVerified = (person: Contact) => {
    person.meta = [
      ...person.meta.filter((m) => m.meta_key !== 'verified'),
      { id: nextId(person.meta, (m) => m.id), meta_key: 'verified', meta_value: '1' },
    ];
  };

  /** The reset code's problem as the API words it, or the code and its (still active) contact. */
  const checkResetCode = (code: string): { problem: string } | { found: OneTimeCode; person: Contact } => {
    const found = db.resetCodes.find((c) => c.code === code);
    if (!found) return { problem: MESSAGES.resetCodeInvalid };
    if (isResetCodeExpired(found.date_created, new Date())) return { problem: MESSAGES.resetCodeExpired };
    const person = findContact(found.contact_id);
    return person ? { found, person } : { problem: MESSAGES.contactNoLongerActive };
  };

  return [
    http.post(apiPath('/auth/register'), async ({ request }) => {
      const read = await readBody(request, registrationRequest, MESSAGES.unexpectedError);
      if (!read.ok) return read.answer;
      const { company: info, contacts, prefs } = read.body;
      const url = normalizeCompanyUrl(info.url);
      if (db.companies.some((c) => c.url !== null && normalizeCompanyUrl(c.url) === url)) return errorAnswer(409, MESSAGES.companyUrlExists);
      const used = new Set(db.contacts.map((c) => normalizeEmail(c.email)));
      if (duplicateEmailProblem(contacts) || contacts.some((c) => used.has(normalizeEmail(c.email)))) return errorAnswer(409, MESSAGES.emailAlreadyUsed);

      const companyId = nextId(db.companies, (c) => c.company_id);
      db.companies.push(company.parse({
        company_id: companyId, name: info.name, url: info.url, description: null, mode: registrationMode(DEFAULT_MODES), note: null, date_created: nowIso(),
        meta: [{ id: companyId * 100 + 1, meta_key: 'maintenance_prefs', meta_value: JSON.stringify(prefs) }],
      }));
      for (const { title, primary, ...fields } of withFirstPrimary(contacts)) {
        const person: Contact = {
          contact_id: nextId(db.contacts, (c) => c.contact_id), ...fields, title: null, group_id: 5, company_id: companyId,
          companies: [{ company_id: companyId, name: info.name, title, primary }], meta: [],
        };
        db.contacts.push(person);
        const code = newCode('welcome');
        const verifyCode = newCode('verify');
        db.resetCodes.push({ code, contact_id: person.contact_id, date_created: nowIso() });
        db.verifyCodes.push({ code: verifyCode, contact_id: person.contact_id, date_created: nowIso() });
        db.outbox.push({ to: person.email, kind: 'welcome', code, verifyCode });
      }
      return reply(registrationAnswer, { company_id: companyId, contacts: contacts.length }, 201);
    }),
    http.post(apiPath('/auth/forgot'), async ({ request }) => {
      const read = await readBody(request, forgotPasswordRequest, MESSAGES.contactNotFoundTryAgain);
      if (!read.ok) return read.answer;
      const person = db.contacts.find((c) => normalizeEmail(c.email) === read.body.email);
      if (!person) return errorAnswer(404, MESSAGES.contactNotFoundTryAgain);
      const code = newCode('reset');
      db.resetCodes = [...db.resetCodes.filter((c) => c.contact_id !== person.contact_id), { code, contact_id: person.contact_id, date_created: nowIso() }];
      db.outbox.push({ to: person.email, kind: 'reset', code });
      return reply(forgotPasswordAnswer, { sent: true });
    }),
    http.get(apiPath('/auth/reset/:code'), ({ params }) => {
      const checked = checkResetCode(String(params.code));
      if ('problem' in checked) return errorAnswer(400, checked.problem);
      return reply(resetCodeStatus, { valid: true, first_name: checked.person.first_name });
    }),
    http.post(apiPath('/auth/reset'), async ({ request }) => {
      const read = await readBody(request, resetPasswordRequest, MESSAGES.contactNotUpdated);
      if (!read.ok) return read.answer;
      const checked = checkResetCode(read.body.code);
      if ('problem' in checked) return errorAnswer(400, checked.problem);
      markVerified(checked.person);
      db.resetCodes = db.resetCodes.filter((c) => c !== checked.found);
      return reply(okAnswer, { ok: true });
    }),
    http.post(apiPath('/auth/verify/:code'), ({ params }) => {
      const found = db.verifyCodes.find((c) => c.code === String(params.code));
      if (!found || isVerifyCodeExpired(found.date_created, new Date())) return errorAnswer(400, MESSAGES.verificationCodeInvalid);
      const person = findContact(found.contact_id);
      if (!person) return errorAnswer(400, MESSAGES.contactNoLongerActive);
      markVerified(person);
      db.verifyCodes = db.verifyCodes.filter((c) => c !== found);
      return reply(verifyEmailAnswer, { verified: true, first_name: person.first_name });
    }),
  ];
}
