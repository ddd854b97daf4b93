import {
  PASSKEY_CHALLENGE_MINUTES, SECOND_FACTOR_ACCOUNT_MAX_GUESSES, SECOND_FACTOR_LOCK_MINUTES, SECOND_FACTOR_MAX_ATTEMPTS, SECURITY_MESSAGES,
  SIGN_IN_CHALLENGE_MINUTES, claimSecondFactorGuess, secondFactorLockedUntil, secondFactorMethods,
} from '@portal/domain';
import type { SecondFactorMethod, SecondFactorRequest } from '@portal/contract';
import { generateAuthenticationOptions, verifyAuthenticationResponse, type AuthenticationResponseJSON } from '@simplewebauthn/server';
import { HttpError } from '../errors';
import { hashSecretToken, newSecretToken } from '../password';
import { writeAudit } from '../repositories/audit-repository';
import type { ChallengeRow } from '../repositories/security-repository';
import type { ContactRow } from '../repositories/contact-repository';
import { auditRecord, contactTarget, type AuditActor } from './audit';
import { matchTotp, parseTransports, recoveryCodeHash, type WebAuthnSite } from './second-factors';
import { queueSecurityMail } from './security-mail';
import type { ServiceContext } from './service-context';

// The sign-in's second step (docs/product/accounts-and-roles.md#account-security). A right password of
// a user with a second factor gives no session but a sign-in token (an httpOnly cookie, 5 minutes),
// stored hashed with the contact; the second step presents it with an app code, a recovery code or a
// passkey. Each code (or passkey answer) is counted before it is judged, by one conditional update
// each, so codes sent at once cannot all be judged: on the sign-in, which is void after
// SECOND_FACTOR_MAX_ATTEMPTS, and on the account, whose second step the last of
// SECOND_FACTOR_ACCOUNT_MAX_GUESSES in an hour locks for SECOND_FACTOR_LOCK_MINUTES (its owner is
// mailed); a right one starts the account's count again. A passkey may also sign in without a
// password: its ceremony's challenge is keyed by a cookie token of its own, used once; it is not
// counted on the account (no password was proven, so anyone could lock the owner out with it).

/** The password step of a sign-in that waits for its second factor: an httpOnly, SameSite=Strict cookie. */
export const SIGN_IN_COOKIE = 'portal_sign_in';
/** A passkey ceremony begun without a password. */
export const PASSKEY_COOKIE = 'portal_passkey';

export interface PendingSignIn {
  token: string;
  methods: SecondFactorMethod[];
}

/**
 * After a right password: null when the user has no second factor (sign in now), else the sign-in
 * token to set as a cookie and the methods to offer. A stronger password hash is stored here too.
 */
export async function beginSecondFactor(ctx: ServiceContext, contact: ContactRow, upgradedHash: string | undefined): Promise<PendingSignIn | null> {
  const { repos } = ctx;
  const methods = secondFactorMethods(await repos.security.factors(contact.contact_id));
  if (methods.length === 0) return null;
  const now = ctx.clock();
  if (secondFactorLockedUntil(await repos.secondFactorGuesses.ofAccount(contact.contact_id), now)) {
    throw new HttpError(429, SECURITY_MESSAGES.secondFactorLocked);
  }
  const token = newSecretToken();
  await repos.security.deleteExpiredChallenges(now);
  await ctx.db.transaction().execute(async (trx) => {
    await repos.security.createChallenge(trx, {
      tokenHash: hashSecretToken(token), purpose: 'second_factor', contactId: contact.contact_id, webauthnChallenge: null,
      now, expires: new Date(now.getTime() + SIGN_IN_CHALLENGE_MINUTES * 60_000),
    });
    if (upgradedHash) await repos.contacts.update(trx, contact.contact_id, { password_hash: upgradedHash });
  });
  return { token, methods };
}

async function pendingSignIn(ctx: ServiceContext, token: string | undefined): Promise<ChallengeRow & { contact_id: number }> {
  const row = token ? await ctx.repos.security.findChallenge(hashSecretToken(token), 'second_factor', ctx.clock()) : undefined;
  if (!row || row.contact_id === null) throw new HttpError(401, SECURITY_MESSAGES.signInExpired);
  return { ...row, contact_id: row.contact_id };
}

async function activeContact(ctx: ServiceContext, contactId: number): Promise<ContactRow> {
  const contact = await ctx.repos.contacts.findById(contactId);
  if (!contact || contact.active !== 1) throw new HttpError(401, SECURITY_MESSAGES.signInExpired);
  return contact;
}

/** A code counted before it is judged: the sign-in's attempts with it, and whether it is the account's last. */
interface Guess {
  signInAttempts: number;
  locks: boolean;
}

/** Each try that fails to count a guess means another guess was counted: past the cap, the account is locked. */
const ACCOUNT_COUNT_TRIES = SECOND_FACTOR_ACCOUNT_MAX_GUESSES * 5;

/**
 * Counts a code before it is judged: refused unjudged when the sign-in has had its last (401, sign in
 * again: it stays void until it expires) or the account is locked (429).
 */
async function countGuess(ctx: ServiceContext, row: ChallengeRow, contact: ContactRow): Promise<Guess> {
  const guesses = ctx.repos.secondFactorGuesses;
  const signInAttempts = await guesses.claimOnSignIn(row.id, SECOND_FACTOR_MAX_ATTEMPTS);
  if (signInAttempts === undefined) throw new HttpError(401, SECURITY_MESSAGES.tooManyCodes);
  for (let tries = 0; tries < ACCOUNT_COUNT_TRIES; tries += 1) {
    const current = await guesses.ofAccount(contact.contact_id);
    const claim = claimSecondFactorGuess(current, ctx.clock());
    if (claim.kind === 'locked') throw new HttpError(429, SECURITY_MESSAGES.secondFactorLocked);
    if (await guesses.replaceOfAccount(contact.contact_id, current, claim.next)) return { signInAttempts, locks: claim.locks };
  }
  throw new Error(`the second-factor guesses of contact ${contact.contact_id} kept changing`);
}

/**
 * A wrong code: in the trail. The account's last one locks it and mails its owner (429); the
 * sign-in's last one voids it (401, sign in again); else 400.
 */
async function refuse(ctx: ServiceContext, contact: ContactRow, guess: Guess, ip: string | null, method: string, message: string): Promise<never> {
  await ctx.repos.audit.record([
    auditRecord({ actorId: contact.contact_id, ip }, 'session.second_factor_failed', contactTarget(contact), [{ field: 'method', before: null, after: method }]),
  ]);
  if (guess.locks) {
    await queueSecurityMail(ctx.db, ctx.repos, ctx.config.publicUrl, contact, {
      kind: 'second-factor-locked', wrongCodes: SECOND_FACTOR_ACCOUNT_MAX_GUESSES, minutes: SECOND_FACTOR_LOCK_MINUTES,
    });
    throw new HttpError(429, SECURITY_MESSAGES.secondFactorLocked);
  }
  if (guess.signInAttempts >= SECOND_FACTOR_MAX_ATTEMPTS) throw new HttpError(401, SECURITY_MESSAGES.tooManyCodes);
  throw new HttpError(400, message);
}

/** POST /auth/login/second-factor: the contact to start a session for, the sign-in used up. */
export async function completeSecondFactor(
  ctx: ServiceContext, token: string | undefined, body: SecondFactorRequest, ip: string | null,
): Promise<ContactRow> {
  const { repos } = ctx;
  const row = await pendingSignIn(ctx, token);
  const contact = await activeContact(ctx, row.contact_id);
  const actor: AuditActor = { actorId: contact.contact_id, ip };
  const guess = await countGuess(ctx, row, contact);
  if (body.method === 'totp') {
    const totp = await repos.security.totp(contact.contact_id);
    const step = totp?.enabled === 1 ? await matchTotp(ctx, contact.contact_id, totp.secret_sealed, body.code, totp.last_step) : null;
    const done = step !== null && (await ctx.db.transaction().execute(async (trx) => {
      // A code of a step already used (here or by a concurrent request) is a replay.
      if (!(await repos.security.useTotpStep(trx, contact.contact_id, step))) return false;
      if (!(await repos.security.deleteChallenge(trx, row.id))) return false;
      await repos.secondFactorGuesses.clearOfAccount(trx, contact.contact_id);
      return true;
    }));
    if (!done) return refuse(ctx, contact, guess, ip, 'app', SECURITY_MESSAGES.wrongCode);
    return contact;
  }
  const spent = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.security.useRecoveryCode(trx, contact.contact_id, recoveryCodeHash(body.code)))) return false;
    if (!(await repos.security.deleteChallenge(trx, row.id))) return false;
    await repos.secondFactorGuesses.clearOfAccount(trx, contact.contact_id);
    await writeAudit(trx, [auditRecord(actor, 'session.recovery_code_used', contactTarget(contact), [])], ctx.clock());
    return true;
  });
  if (!spent) return refuse(ctx, contact, guess, ip, 'recovery code', SECURITY_MESSAGES.wrongCode);
  return contact;
}

export interface PasskeyOptions {
  options: Record<string, unknown>;
  /** Set when no sign-in was pending: the passkey ceremony's own cookie token. */
  passkeyToken?: string;
}

/**
 * POST /auth/passkey/options: after a password, that user's passkeys (the challenge kept on the
 * sign-in); without one, any discoverable passkey with user verification (a new challenge token).
 */
export async function passkeySignInOptions(ctx: ServiceContext, signInToken: string | undefined, site: WebAuthnSite): Promise<PasskeyOptions> {
  const { repos } = ctx;
  const pending = signInToken ? await repos.security.findChallenge(hashSecretToken(signInToken), 'second_factor', ctx.clock()) : undefined;
  if (pending?.contact_id) {
    const passkeys = await repos.security.passkeys(pending.contact_id);
    const options = await generateAuthenticationOptions({
      rpID: site.rpID, userVerification: 'preferred', allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: parseTransports(p.transports) })),
    });
    await repos.security.setWebauthnChallenge(pending.id, options.challenge);
    return { options: options as unknown as Record<string, unknown> };
  }
  const options = await generateAuthenticationOptions({ rpID: site.rpID, userVerification: 'required' });
  const token = newSecretToken();
  const now = ctx.clock();
  await repos.security.deleteExpiredChallenges(now);
  await ctx.db.transaction().execute((trx) => repos.security.createChallenge(trx, {
    tokenHash: hashSecretToken(token), purpose: 'passkey_sign_in', contactId: null, webauthnChallenge: options.challenge,
    now, expires: new Date(now.getTime() + PASSKEY_CHALLENGE_MINUTES * 60_000),
  }));
  return { options: options as unknown as Record<string, unknown>, passkeyToken: token };
}

/** POST /auth/passkey/verify: the contact whose passkey signed the challenge (as a second factor, or instead of the password). */
export async function verifyPasskeySignIn(
  ctx: ServiceContext, tokens: { signIn: string | undefined; passkey: string | undefined }, response: Record<string, unknown>, site: WebAuthnSite, ip: string | null,
): Promise<ContactRow> {
  const { repos } = ctx;
  const now = ctx.clock();
  const afterPassword = tokens.signIn ? await repos.security.findChallenge(hashSecretToken(tokens.signIn), 'second_factor', now) : undefined;
  const row = afterPassword?.webauthn_challenge
    ? afterPassword
    : tokens.passkey ? await repos.security.findChallenge(hashSecretToken(tokens.passkey), 'passkey_sign_in', now) : undefined;
  if (!row?.webauthn_challenge) throw new HttpError(401, SECURITY_MESSAGES.signInExpired);
  // After the password the answer is a guess like a code, counted before it is judged.
  const pendingContact = row.contact_id === null ? undefined : await activeContact(ctx, row.contact_id);
  const guess = pendingContact ? { contact: pendingContact, ...(await countGuess(ctx, row, pendingContact)) } : undefined;
  const credentialId = typeof response.id === 'string' ? response.id : '';
  const passkey = credentialId ? await repos.security.passkeyByCredential(credentialId) : undefined;
  const contact = passkey ? await repos.contacts.findById(passkey.contact_id) : undefined;
  const wrongUser = row.contact_id !== null && passkey?.contact_id !== row.contact_id;
  if (!passkey || !contact || contact.active !== 1 || wrongUser) {
    if (guess) return refuse(ctx, guess.contact, guess, ip, 'passkey', SECURITY_MESSAGES.passkeyFailed);
    await repos.security.deleteChallenge(ctx.db, row.id);
    throw new HttpError(401, SECURITY_MESSAGES.passkeyUnknown);
  }
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON, expectedChallenge: row.webauthn_challenge, expectedOrigin: site.origins,
      expectedRPID: site.rpIDs, requireUserVerification: row.purpose === 'passkey_sign_in',
      credential: { id: passkey.credential_id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: passkey.counter, transports: parseTransports(passkey.transports) },
    });
  } catch (error) {
    ctx.log.info({ err: error }, 'passkey sign-in refused');
    verification = undefined;
  }
  if (!verification?.verified) {
    if (guess) return refuse(ctx, contact, guess, ip, 'passkey', SECURITY_MESSAGES.passkeyFailed);
    await repos.security.deleteChallenge(ctx.db, row.id);
    await repos.audit.record([auditRecord({ actorId: contact.contact_id, ip }, 'session.second_factor_failed', contactTarget(contact), [{ field: 'method', before: null, after: 'passkey' }])]);
    throw new HttpError(400, SECURITY_MESSAGES.passkeyFailed);
  }
  const used = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repos.security.deleteChallenge(trx, row.id))) return false;
    await repos.security.passkeyUsed(trx, passkey.passkey_id, verification.authenticationInfo.newCounter, now);
    if (guess) await repos.secondFactorGuesses.clearOfAccount(trx, contact.contact_id);
    return true;
  });
  if (!used) throw new HttpError(401, SECURITY_MESSAGES.signInExpired);
  return contact;
}
