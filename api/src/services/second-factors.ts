import { randomBytes } from 'node:crypto';
import {
  PASSKEY_CHALLENGE_MINUTES, RECOVERY_CODE_COUNT, SECURITY_MESSAGES, TOTP_DIGITS, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS, canRemoveFactor,
  hasSecondFactor, isSecondFactorRequired, issuesRecoveryCodes, normalizeRecoveryCode, recoveryCodeFromBytes, sessionChanges, type SecondFactors,
} from '@portal/domain';
import type { SecurityOverview, TotpEnrolmentAnswer } from '@portal/contract';
import { generateRegistrationOptions, verifyRegistrationResponse, type RegistrationResponseJSON } from '@simplewebauthn/server';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { HttpError } from '../errors';
import type { PortalDb } from '../db/connect';
import { hashSecretToken, verifyPassword } from '../password';
import { writeAudit, type AuditRecord } from '../repositories/audit-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { seal, secretsKeyFor, unseal } from '../secret-box';
import { auditRecord, contactTarget, type AuditActor } from './audit';
import { queueSecurityMail, type SecurityEvent } from './security-mail';
import { readSecurityPolicy } from './security-policy';
import type { ServiceContext, Written } from './service-context';

export type { ContactRow };

// Second factors on the Security page (docs/product/accounts-and-roles.md#account-security): an
// authenticator app (its secret sealed until and after it is confirmed), passkeys, recovery codes.
// Turning a factor on or off ends the user's other sessions, is in the trail and is told by mail; its
// `session` change drops the held sessions everywhere, and with them whether enrolment is required
// (docs/architecture.md#sessions-in-memory).

/** Where a WebAuthn ceremony runs: the rpID to offer, and the rpIDs and origins a response may carry. */
export interface WebAuthnSite {
  rpID: string;
  rpIDs: string[];
  origins: string[];
}

export const TOTP_ISSUER = 'Support Portal';
const totpContext = (contactId: number) => `totp:${contactId}`;

/** The step of a TOTP code at `now`, and the tolerance of one step either side, as otplib takes them. */
export const totpOptions = (now: Date) => ({
  epoch: Math.floor(now.getTime() / 1000), period: TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS,
  epochTolerance: TOTP_WINDOW_STEPS * TOTP_PERIOD_SECONDS,
});

/** Checks a code against a sealed secret; the step it matched, or null. A step at or before `afterStep` is refused (used already). */
export async function matchTotp(ctx: ServiceContext, contactId: number, sealed: string, code: string, afterStep: number | null): Promise<number | null> {
  const secret = unseal(secretsKeyFor(ctx.config), sealed, totpContext(contactId));
  const digits = code.replace(/\s+/g, '');
  if (!/^\d+$/.test(digits) || digits.length !== TOTP_DIGITS) return null;
  const options = totpOptions(ctx.clock());
  const result = await verify({ secret, token: digits, ...options, ...(afterStep === null ? {} : { afterTimeStep: afterStep }) });
  return result.valid ? Math.floor(options.epoch / options.period) + result.delta : null;
}

/** 10 new codes for the user to keep, and their hashes to store. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => recoveryCodeFromBytes(randomBytes(10)));
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

export function recoveryCodeHash(code: string): string {
  return hashSecretToken(`recovery:${normalizeRecoveryCode(code)}`);
}

export async function securityOverviewOf(ctx: ServiceContext, contact: ContactRow): Promise<SecurityOverview> {
  const { repos } = ctx;
  const [totp, passkeys, factors, policy] = await Promise.all([
    repos.security.totp(contact.contact_id), repos.security.passkeys(contact.contact_id), repos.security.factors(contact.contact_id), readSecurityPolicy(ctx),
  ]);
  const required = isSecondFactorRequired(contact.group_id, policy);
  return {
    totp: { enabled: totp?.enabled === 1, date_enabled: totp?.enabled === 1 ? totp.date_enabled : null },
    passkeys: passkeys.map((p) => ({ id: p.passkey_id, name: p.name, date_created: p.date_created, last_used: p.last_used })),
    recovery_codes: { remaining: factors.recoveryCodes },
    required,
    enrol_required: required && !hasSecondFactor(factors),
  };
}

/** POST /account/security/totp: a new secret, pending until its first code; the only answer that shows it. */
export async function startTotp(ctx: ServiceContext, contact: ContactRow): Promise<TotpEnrolmentAnswer> {
  const existing = await ctx.repos.security.totp(contact.contact_id);
  if (existing?.enabled === 1) throw new HttpError(409, SECURITY_MESSAGES.totpAlreadyOn);
  const secret = generateSecret();
  const sealed = seal(secretsKeyFor(ctx.config), secret, totpContext(contact.contact_id));
  await ctx.db.transaction().execute((trx) => ctx.repos.security.startTotp(trx, contact.contact_id, sealed, ctx.clock()));
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: contact.email, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
  return { secret, otpauth_url: otpauthUrl, qr_code: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 220 }) };
}

interface FactorChange {
  actor: AuditActor;
  contact: ContactRow;
  /** The request's session: kept when the user changes their own factors; every other one ends. */
  keepTokenHash: string | undefined;
}

/**
 * The part every factor change shares, on its transaction: recovery codes made when this is the
 * first factor, the trail's entry, the mail, the other sessions ended. Answers the new codes.
 */
async function factorChanged(
  ctx: ServiceContext, trx: PortalDb, change: FactorChange, before: SecondFactors, after: SecondFactors, audit: AuditRecord, mail: SecurityEvent,
): Promise<string[]> {
  const { repos, config } = ctx;
  let codes: string[] = [];
  if (!hasSecondFactor(before) && hasSecondFactor(after) && issuesRecoveryCodes(before)) {
    const made = newRecoveryCodes();
    codes = made.codes;
    await repos.security.replaceRecoveryCodes(trx, change.contact.contact_id, made.hashes, ctx.clock());
  }
  // Recovery codes are a fallback of a factor: without one they are void.
  if (!hasSecondFactor(after)) await repos.security.replaceRecoveryCodes(trx, change.contact.contact_id, [], ctx.clock());
  await writeAudit(trx, [audit], ctx.clock());
  await queueSecurityMail(trx, repos, config.publicUrl, change.contact, mail);
  await repos.sessions.deleteAllOf(trx, change.contact.contact_id, change.keepTokenHash);
  // A changed factor stops the API tokens too (docs/product/integrations.md#api-tokens).
  await repos.apiTokens.revokeAllOf(trx, change.contact.contact_id, ctx.clock());
  return codes;
}

const factorAudit = (actor: AuditActor, contact: ContactRow, action: 'contact.second_factor_enrolled' | 'contact.second_factor_removed', method: string) =>
  auditRecord(actor, action, contactTarget(contact), [{ field: 'second_factor', before: action === 'contact.second_factor_enrolled' ? null : method, after: action === 'contact.second_factor_enrolled' ? method : null }]);

/** POST /account/security/totp/confirm: the first code turns the pending app on. */
export async function confirmTotp(ctx: ServiceContext, change: FactorChange, code: string): Promise<Written<string[]>> {
  const { repos } = ctx;
  const contactId = change.contact.contact_id;
  const pending = await repos.security.totp(contactId);
  if (!pending) throw new HttpError(409, SECURITY_MESSAGES.totpNotStarted);
  if (pending.enabled === 1) throw new HttpError(409, SECURITY_MESSAGES.totpAlreadyOn);
  const step = await matchTotp(ctx, contactId, pending.secret_sealed, code, null);
  if (step === null) throw new HttpError(400, SECURITY_MESSAGES.wrongCode);
  const before = await repos.security.factors(contactId);
  const codes = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.security.enableTotp(trx, contactId, step, ctx.clock()))) throw new HttpError(409, SECURITY_MESSAGES.totpAlreadyOn);
    return factorChanged(ctx, trx, change, before, { ...before, totp: true }, factorAudit(change.actor, change.contact, 'contact.second_factor_enrolled', 'app'),
      { kind: 'second-factor-on', method: 'authenticator app' });
  });
  return { result: codes, changes: sessionChanges([contactId]) };
}

/** The password again before a factor goes (400 when wrong), and not the last one while the policy requires one (409). */
async function checkRemoval(ctx: ServiceContext, contact: ContactRow, password: string, after: SecondFactors): Promise<void> {
  if (!(await verifyPassword(password, contact.password_hash))) throw new HttpError(400, SECURITY_MESSAGES.wrongPassword);
  if (!canRemoveFactor(contact.group_id, await readSecurityPolicy(ctx), after)) throw new HttpError(409, SECURITY_MESSAGES.lastRequiredFactor);
}

/** DELETE /account/security/totp. */
export async function removeTotp(ctx: ServiceContext, change: FactorChange, password: string): Promise<Written<void>> {
  const { repos } = ctx;
  const contactId = change.contact.contact_id;
  const before = await repos.security.factors(contactId);
  if (!before.totp) throw new HttpError(409, SECURITY_MESSAGES.totpNotOn);
  const after = { ...before, totp: false };
  await checkRemoval(ctx, change.contact, password, after);
  await ctx.db.transaction().execute(async (trx) => {
    await repos.security.deleteTotp(trx, contactId);
    await factorChanged(ctx, trx, change, before, after, factorAudit(change.actor, change.contact, 'contact.second_factor_removed', 'app'),
      { kind: 'second-factor-off', method: 'authenticator app' });
  });
  return { result: undefined, changes: sessionChanges([contactId]) };
}

const registrationKey = (sessionTokenHash: string) => hashSecretToken(`passkey-register:${sessionTokenHash}`);

/** POST /account/security/passkeys/options: a registration ceremony, its challenge kept for this session only, 5 minutes. */
export async function passkeyRegistrationOptions(ctx: ServiceContext, contact: ContactRow, sessionTokenHash: string, site: WebAuthnSite) {
  const { repos } = ctx;
  const existing = await repos.security.passkeys(contact.contact_id);
  const options = await generateRegistrationOptions({
    rpName: TOTP_ISSUER, rpID: site.rpID, userName: contact.email, userDisplayName: `${contact.first_name} ${contact.last_name}`.trim(),
    userID: new TextEncoder().encode(`contact-${contact.contact_id}`), attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    await repos.security.deleteChallengesOf(trx, contact.contact_id, 'passkey_register');
    await repos.security.createChallenge(trx, {
      tokenHash: registrationKey(sessionTokenHash), purpose: 'passkey_register', contactId: contact.contact_id, webauthnChallenge: options.challenge,
      now, expires: new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
    });
  });
  return options as unknown as Record<string, unknown>;
}

export function parseTransports(stored: string | null): string[] | undefined {
  if (!stored) return undefined;
  try {
    const list = JSON.parse(stored) as unknown;
    return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : undefined;
  } catch {
    return undefined;
  }
}

/** POST /account/security/passkeys: the browser's answer to the ceremony checked, the passkey kept (public key only). */
export async function addPasskey(
  ctx: ServiceContext, change: FactorChange & { sessionTokenHash: string }, body: { name: string; response: Record<string, unknown> }, site: WebAuthnSite,
): Promise<Written<string[]>> {
  const { repos } = ctx;
  const contactId = change.contact.contact_id;
  const challenge = await repos.security.findChallenge(registrationKey(change.sessionTokenHash), 'passkey_register', ctx.clock());
  if (!challenge || challenge.contact_id !== contactId || !challenge.webauthn_challenge) throw new HttpError(400, SECURITY_MESSAGES.passkeyFailed);
  // Single use, whatever the outcome.
  if (!(await repos.security.deleteChallenge(ctx.db, challenge.id))) throw new HttpError(400, SECURITY_MESSAGES.passkeyFailed);
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: body.response as unknown as RegistrationResponseJSON, expectedChallenge: challenge.webauthn_challenge,
      expectedOrigin: site.origins, expectedRPID: site.rpIDs, requireUserVerification: false,
    });
  } catch (error) {
    ctx.log.info({ err: error }, 'passkey registration refused');
    throw new HttpError(400, SECURITY_MESSAGES.passkeyFailed);
  }
  if (!verified.verified) throw new HttpError(400, SECURITY_MESSAGES.passkeyFailed);
  const { credential } = verified.registrationInfo;
  if (await repos.security.passkeyByCredential(credential.id)) throw new HttpError(409, SECURITY_MESSAGES.passkeyFailed);
  const before = await repos.security.factors(contactId);
  const codes = await ctx.db.transaction().execute(async (trx) => {
    await repos.security.addPasskey(trx, {
      contact_id: contactId, credential_id: credential.id, public_key: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null, name: body.name, date_created: ctx.clock().toISOString(),
    });
    return factorChanged(ctx, trx, change, before, { ...before, passkeys: before.passkeys + 1 },
      factorAudit(change.actor, change.contact, 'contact.second_factor_enrolled', `passkey "${body.name}"`), { kind: 'second-factor-on', method: `passkey "${body.name}"` });
  });
  return { result: codes, changes: sessionChanges([contactId]) };
}

/** DELETE /account/security/passkeys/:id. */
export async function removePasskey(ctx: ServiceContext, change: FactorChange, passkeyId: number, password: string): Promise<Written<void>> {
  const { repos } = ctx;
  const contactId = change.contact.contact_id;
  const passkey = (await repos.security.passkeys(contactId)).find((p) => p.passkey_id === passkeyId);
  if (!passkey) throw new HttpError(404, SECURITY_MESSAGES.passkeyNotFound);
  const before = await repos.security.factors(contactId);
  const after = { ...before, passkeys: before.passkeys - 1 };
  await checkRemoval(ctx, change.contact, password, after);
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.security.deletePasskey(trx, contactId, passkeyId))) throw new HttpError(404, SECURITY_MESSAGES.passkeyNotFound);
    await factorChanged(ctx, trx, change, before, after, factorAudit(change.actor, change.contact, 'contact.second_factor_removed', `passkey "${passkey.name}"`),
      { kind: 'second-factor-off', method: `passkey "${passkey.name}"` });
  });
  return { result: undefined, changes: sessionChanges([contactId]) };
}

/** POST /account/security/recovery-codes: 10 new codes, the old ones void (409 without a factor). */
export async function renewRecoveryCodes(ctx: ServiceContext, actor: AuditActor, contact: ContactRow): Promise<Written<string[]>> {
  const { repos } = ctx;
  if (!hasSecondFactor(await repos.security.factors(contact.contact_id))) throw new HttpError(409, SECURITY_MESSAGES.noSecondFactor);
  const made = newRecoveryCodes();
  await ctx.db.transaction().execute(async (trx) => {
    await repos.security.replaceRecoveryCodes(trx, contact.contact_id, made.hashes, ctx.clock());
    await writeAudit(trx, [auditRecord(actor, 'contact.recovery_codes_renewed', contactTarget(contact), [])], ctx.clock());
  });
  return { result: made.codes, changes: [] };
}

/** POST /admin/contacts/:id/second-factor/reset: app, passkeys and codes removed, every session ended, the user told. */
export async function resetSecondFactor(ctx: ServiceContext, actor: AuditActor, contact: ContactRow): Promise<Written<void>> {
  const { repos, config } = ctx;
  const contactId = contact.contact_id;
  await ctx.db.transaction().execute(async (trx) => {
    const totp = await repos.security.deleteTotp(trx, contactId);
    const passkeys = await repos.security.deletePasskeys(trx, contactId);
    await repos.security.replaceRecoveryCodes(trx, contactId, [], ctx.clock());
    const ended = await repos.sessions.deleteAllOf(trx, contactId);
    await repos.apiTokens.revokeAllOf(trx, contactId, ctx.clock());
    await writeAudit(trx, [auditRecord(actor, 'contact.second_factor_reset', contactTarget(contact), [
      { field: 'app', before: totp > 0, after: false }, { field: 'passkeys', before: passkeys, after: 0 }, { field: 'sessions_ended', before: null, after: ended },
    ])], ctx.clock());
    await queueSecurityMail(trx, repos, config.publicUrl, contact, { kind: 'second-factor-reset' });
  });
  return { result: undefined, changes: sessionChanges([contactId]) };
}
