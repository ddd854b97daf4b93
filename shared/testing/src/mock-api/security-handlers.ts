import { type Contact, securityOverview, sessionAnswer } from '@portal/contract';
import { authEndpoints as auth, securityEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, RECOVERY_CODE_COUNT, SECURITY_MESSAGES, STEP_UP_MESSAGES, canRemoveFactor, dashboardPathForGroup, hasSecondFactor, isSecondFactorRequired,
  languageOf, normalizeRecoveryCode, type SecondFactors,
} from '@portal/domain';
import { MOCK_TOTP_CODE } from '../factories/security';
import { mockLocale } from './option-handlers';
import type { PortalData } from './portal-data';
import { findContact } from './portal-queries';
import { answer, errorAnswer, idParam, mock, nextId, nowIso, readBody, reply } from './respond';

const TINY_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The signed-in answer of the mock API, with enrol_required from the Security overview. */
export function mockSessionAnswer(db: PortalData, c: Contact) {
  const { overview, policy } = db.security;
  const enrolled = hasSecondFactor({ totp: overview.totp.enabled, passkeys: overview.passkeys.length, recoveryCodes: 0 });
  const portal = mockLocale(db);
  return {
    contact: c, dashboard: dashboardPathForGroup(c.group_id), enrol_required: isSecondFactorRequired(c.group_id, policy) && !enrolled,
    // The contact's language, or else the portal's default, and the agency's currency (docs/product/languages.md).
    locale: { language: languageOf(c.language, portal.language), currency: portal.currency },
  };
}

/**
 * Account security (docs/product/accounts-and-roles.md#account-security) over `db.security`: the
 * sign-in's second step (the app's code is MOCK_TOTP_CODE; recovery codes are spent), passkeys
 * (any answer the browser gives is accepted), the Security page and the admins' policy and actions.
 */
export function securityHandlers(db: PortalData) {
  const sec = () => db.security;
  const factors = (): SecondFactors => ({
    totp: sec().overview.totp.enabled, passkeys: sec().overview.passkeys.length, recoveryCodes: sec().recoveryCodes.length,
  });
  /** Recomputes what the overview derives from the factors and the policy. */
  const refreshOverview = () => {
    const required = db.session ? isSecondFactorRequired(db.session.group_id, sec().policy) : false;
    sec().overview = securityOverview.parse({
      ...sec().overview, recovery_codes: { remaining: sec().recoveryCodes.length }, required, enrol_required: required && !hasSecondFactor(factors()),
    });
  };
  let issued = 0;
  const newRecoveryCodes = () => {
    issued += 1;
    sec().recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) => `RC${issued}${String(i).padStart(3, '0')}-CODES`);
    return [...sec().recoveryCodes];
  };
  const signIn = (contactId: number) => {
    const person = findContact(db, contactId);
    if (!person) return errorAnswer(401, MESSAGES.invalidCredentials);
    db.session = person;
    sec().pending = null;
    refreshOverview();
    return reply(sessionAnswer, mockSessionAnswer(db, person));
  };
  const signedIn = () => (db.session ? null : errorAnswer(401, MESSAGES.notSignedIn));
  const passwordOk = (password: string) => password === db.password;
  /** docs/product/accounts-and-roles.md#sensitive-changes: 403 `reauth_required` until the password is given again. */
  const steppedUp = () => (sec().steppedUp ? null : errorAnswer(403, STEP_UP_MESSAGES.reauthRequired, { reauth_required: true }));
  const firstFactorCodes = (before: SecondFactors) => (hasSecondFactor(before) ? [] : newRecoveryCodes());
  const options = { challenge: 'bW9jay1jaGFsbGVuZ2U', rpId: 'localhost', timeout: 60000, userVerification: 'preferred' };

  return [
    mock(auth.loginSecondFactor, async ({ request }) => {
      const read = await readBody(request, auth.loginSecondFactor);
      if (!read.ok) return read.answer;
      const pending = sec().pending;
      if (pending === null) return errorAnswer(401, SECURITY_MESSAGES.signInExpired);
      const code = read.body.method === 'recovery' ? normalizeRecoveryCode(read.body.code) : read.body.code.replace(/\s+/g, '');
      if (read.body.method === 'totp') return code === MOCK_TOTP_CODE ? signIn(pending) : errorAnswer(400, SECURITY_MESSAGES.wrongCode);
      const found = sec().recoveryCodes.find((c) => normalizeRecoveryCode(c) === code);
      if (!found) return errorAnswer(400, SECURITY_MESSAGES.wrongCode);
      sec().recoveryCodes = sec().recoveryCodes.filter((c) => c !== found);
      return signIn(pending);
    }),
    mock(auth.passkeySignInOptions, () => answer(auth.passkeySignInOptions, { options })),
    mock(auth.passkeySignIn, async ({ request }) => {
      const read = await readBody(request, auth.passkeySignIn);
      if (!read.ok) return read.answer;
      const who = sec().pending ?? sec().passkeyContactId;
      return who === null ? errorAnswer(401, SECURITY_MESSAGES.passkeyUnknown) : signIn(who);
    }),

    mock(api.securityOverview, () => {
      refreshOverview();
      return signedIn() ?? answer(api.securityOverview, sec().overview);
    }),
    mock(api.confirmIdentity, async ({ request }) => {
      const read = await readBody(request, api.confirmIdentity);
      if (!read.ok) return read.answer;
      if ('password' in read.body ? !passwordOk(read.body.password) : read.body.code !== MOCK_TOTP_CODE) {
        return errorAnswer(400, 'password' in read.body ? SECURITY_MESSAGES.wrongPassword : SECURITY_MESSAGES.wrongCode);
      }
      sec().steppedUp = true;
      return answer(api.confirmIdentity, { ok: true });
    }),
    mock(api.startTotp, () => {
      if (!db.session) return errorAnswer(401, MESSAGES.notSignedIn);
      const again = steppedUp();
      if (again) return again;
      if (sec().overview.totp.enabled) return errorAnswer(409, SECURITY_MESSAGES.totpAlreadyOn);
      const url = `otpauth://totp/Portal:${encodeURIComponent(db.session.email)}?secret=${sec().totpSecret}&issuer=Portal`;
      return answer(api.startTotp, { secret: sec().totpSecret, otpauth_url: url, qr_code: TINY_PNG });
    }),
    mock(api.confirmTotp, async ({ request }) => {
      const read = await readBody(request, api.confirmTotp);
      if (!read.ok) return read.answer;
      const again = steppedUp();
      if (again) return again;
      if (read.body.code !== MOCK_TOTP_CODE) return errorAnswer(400, SECURITY_MESSAGES.wrongCode);
      const codes = firstFactorCodes(factors());
      sec().overview = { ...sec().overview, totp: { enabled: true, date_enabled: nowIso() } };
      refreshOverview();
      return answer(api.confirmTotp, { recovery_codes: codes });
    }),
    mock(api.removeTotp, async ({ request }) => {
      const read = await readBody(request, api.removeTotp);
      if (!read.ok) return read.answer;
      if (!passwordOk(read.body.password)) return errorAnswer(400, SECURITY_MESSAGES.wrongPassword);
      const after = { ...factors(), totp: false };
      if (db.session && !canRemoveFactor(db.session.group_id, sec().policy, after)) return errorAnswer(409, SECURITY_MESSAGES.lastRequiredFactor);
      sec().overview = { ...sec().overview, totp: { enabled: false, date_enabled: null } };
      if (!hasSecondFactor(after)) sec().recoveryCodes = [];
      refreshOverview();
      return answer(api.removeTotp, { ok: true });
    }),
    mock(api.passkeyRegistrationOptions, () => steppedUp() ?? answer(api.passkeyRegistrationOptions, { options })),
    mock(api.addPasskey, async ({ request }) => {
      const read = await readBody(request, api.addPasskey);
      if (!read.ok) return read.answer;
      const again = steppedUp();
      if (again) return again;
      const codes = firstFactorCodes(factors());
      const passkeys = sec().overview.passkeys;
      sec().overview = {
        ...sec().overview,
        passkeys: [...passkeys, { id: nextId(passkeys, (p) => p.id), name: read.body.name, date_created: nowIso(), last_used: null }],
      };
      refreshOverview();
      return answer(api.addPasskey, { recovery_codes: codes });
    }),
    mock(api.removePasskey, async ({ request, params }) => {
      const read = await readBody(request, api.removePasskey);
      if (!read.ok) return read.answer;
      if (!passwordOk(read.body.password)) return errorAnswer(400, SECURITY_MESSAGES.wrongPassword);
      const id = idParam(params);
      if (!sec().overview.passkeys.some((p) => p.id === id)) return errorAnswer(404, SECURITY_MESSAGES.passkeyNotFound);
      const after = { ...factors(), passkeys: factors().passkeys - 1 };
      if (db.session && !canRemoveFactor(db.session.group_id, sec().policy, after)) return errorAnswer(409, SECURITY_MESSAGES.lastRequiredFactor);
      sec().overview = { ...sec().overview, passkeys: sec().overview.passkeys.filter((p) => p.id !== id) };
      if (!hasSecondFactor(after)) sec().recoveryCodes = [];
      refreshOverview();
      return answer(api.removePasskey, { ok: true });
    }),
    mock(api.newRecoveryCodes, () => {
      const again = steppedUp();
      if (again) return again;
      if (!hasSecondFactor(factors())) return errorAnswer(409, SECURITY_MESSAGES.noSecondFactor);
      const codes = newRecoveryCodes();
      refreshOverview();
      return answer(api.newRecoveryCodes, { recovery_codes: codes });
    }),
    mock(api.sessions, () => signedIn() ?? answer(api.sessions, { sessions: sec().sessions })),
    mock(api.endSession, ({ params }) => {
      const id = idParam(params);
      if (!sec().sessions.some((s) => s.id === id)) return errorAnswer(404, SECURITY_MESSAGES.sessionNotFound);
      sec().sessions = sec().sessions.filter((s) => s.id !== id);
      return answer(api.endSession, { ok: true });
    }),
    mock(api.endOtherSessions, () => {
      const others = sec().sessions.filter((s) => !s.current).length;
      sec().sessions = sec().sessions.filter((s) => s.current);
      return answer(api.endOtherSessions, { ended: others });
    }),

    mock(api.securityPolicy, () => answer(api.securityPolicy, sec().policy)),
    mock(api.saveSecurityPolicy, async ({ request }) => {
      const read = await readBody(request, api.saveSecurityPolicy);
      if (!read.ok) return read.answer;
      sec().policy = read.body;
      return answer(api.saveSecurityPolicy, sec().policy);
    }),
    mock(api.resetSecondFactor, ({ params }) => {
      const person = findContact(db, idParam(params));
      if (!person) return errorAnswer(404, MESSAGES.contactNotFound);
      sec().resets.push(person.contact_id);
      delete sec().secondFactor[person.contact_id];
      return answer(api.resetSecondFactor, { ok: true });
    }),
    mock(api.endContactSessions, ({ params }) => {
      const person = findContact(db, idParam(params));
      if (!person) return errorAnswer(404, MESSAGES.contactNotFound);
      return answer(api.endContactSessions, { ended: 1 });
    }),
  ];
}
