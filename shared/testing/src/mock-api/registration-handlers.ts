import { company, type Contact } from '@portal/contract';
import { registrationEndpoints as api } from '@portal/contract/endpoints';
import {
  DEFAULT_MODES, MESSAGES, duplicateEmailProblem, isVerifyCodeExpired, normalizeCompanyUrl, normalizeEmail, registrationMode, withFirstPrimary,
} from '@portal/domain';
import type { PortalData } from './portal-data';
import { findContact, markVerified } from './portal-queries';
import { answer, errorAnswer, mock, nextId, nowIso, readBody } from './respond';

/**
 * Registration (docs/product/accounts-and-roles.md#registration, #e-mail-verification): the company
 * and its contacts in one write, each sent a welcome mail, recorded in `db.outbox` with the
 * set-password and verification codes its links carry; following the verification link.
 */
export function registrationHandlers(db: PortalData) {
  let issued = 0;
  const newCode = (kind: string) => `${kind}-code-${(issued += 1)}`;

  return [
    mock(api.register, async ({ request }) => {
      const read = await readBody(request, api.register, MESSAGES.unexpectedError);
      if (!read.ok) return read.answer;
      const { company: info, contacts, prefs, language } = read.body;
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
          // Every contact reads the portal in the wizard's language (docs/product/languages.md).
          ...(language ? { language } : {}),
        };
        db.contacts.push(person);
        const code = newCode('welcome');
        const verifyCode = newCode('verify');
        db.resetCodes.push({ code, contact_id: person.contact_id, date_created: nowIso() });
        db.verifyCodes.push({ code: verifyCode, contact_id: person.contact_id, date_created: nowIso() });
        db.outbox.push({ to: person.email, kind: 'welcome', code, verifyCode });
      }
      return answer(api.register, { company_id: companyId, contacts: contacts.length });
    }),
    mock(api.verifyEmail, ({ params }) => {
      const found = db.verifyCodes.find((c) => c.code === String(params.code));
      if (!found || isVerifyCodeExpired(found.date_created, new Date())) return errorAnswer(400, MESSAGES.verificationCodeInvalid);
      const person = findContact(db, found.contact_id);
      if (!person) return errorAnswer(400, MESSAGES.contactNoLongerActive);
      markVerified(person);
      db.verifyCodes = db.verifyCodes.filter((c) => c !== found);
      return answer(api.verifyEmail, { verified: true, first_name: person.first_name });
    }),
  ];
}
