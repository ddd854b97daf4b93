// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- server, ops and bench compile this file without its folder's declarations
/// <reference path="./mailauth.d.ts" />
import type { DNSResolver } from 'mailauth/lib/dkim/verify';
// Its DKIM and DMARC parts, not authenticate(): that also checks SPF, which needs the connecting address the portal never sees.
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { dmarc as checkDmarc } from 'mailauth/lib/dmarc';
import { authenticationResultsOf, type AuthResult, type AuthenticationResults } from './authentication-results';

// Whether a mail's From may be believed (docs/product/notifications-and-mail.md#mail-in): anyone can write any
// From, so a sender is believed only on a verdict a mail server would act on. Either the operator's own receiving
// server said so in its Authentication-Results (MAIL_IN_TRUSTED_AUTHSERV: the topmost such header of a listed
// authserv-id, since a sender can write any header below it), or the portal checked DKIM and DMARC itself
// (MAIL_IN_VERIFY_DKIM). A pass counts only for the From domain: DMARC pass for it, or a DKIM pass whose signing
// domain is aligned with it.

export interface MailInSenderCheck {
  /** MAIL_IN_SENDER_CHECK=off believes every From (development only). */
  on: boolean;
  /** MAIL_IN_TRUSTED_AUTHSERV, lower-cased: the authserv-ids of the operator's receiving servers. */
  trustedAuthserv: readonly string[];
  /** MAIL_IN_VERIFY_DKIM=1: the portal verifies DKIM and DMARC itself (it needs DNS). */
  verifyDkim: boolean;
  /** The DNS the portal's own check asks (tests pass a fake one); default: the system's. */
  resolver?: DNSResolver;
}

export interface SenderVerdict {
  /** The From may be believed: the mail may write as that contact. */
  believed: boolean;
  /** What was found, for the held list and the record: `dmarc=pass (mx.example.com)`, `no Authentication-Results…`. */
  text: string;
}

export const NO_TRUSTED_RESULTS = 'no Authentication-Results from a trusted server';
export const NOTHING_TO_VERIFY_WITH = 'nothing to verify senders with (MAIL_IN_TRUSTED_AUTHSERV or MAIL_IN_VERIFY_DKIM)';
export const NOT_CHECKED = 'not checked (MAIL_IN_SENDER_CHECK=off)';

/** What a mail offers to be judged by: its From addresses, its header lines as received, and its bytes. */
export interface MailToJudge {
  fromAddresses: readonly string[];
  /** How many From fields the header has (RFC 5322 allows one). */
  fromFields: number;
  headerLines: readonly { key: string; line: string }[];
  raw: Buffer;
}

/** Whether a check is configured at all: with it on and nothing to verify with, every mail is held. */
export const canVerifySenders = (check: MailInSenderCheck) => check.trustedAuthserv.length > 0 || check.verifyDkim;

const domainOf = (address: string) => address.slice(address.lastIndexOf('@') + 1).toLowerCase().replace(/\.$/, '');

/**
 * A signing domain aligned with the From domain, relaxed as far as can be told without the public suffix list: the
 * same domain, or a parent of it that is not a single label (a DKIM key for `example.com` speaks for
 * `mail.example.com`, no key can be published for `com`).
 */
export function alignedDomain(signing: string, from: string): boolean {
  const d = signing.toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  if (d === '' || from === '') return false;
  return d === from || (d.includes('.') && from.endsWith(`.${d}`));
}

/** The signing domain of a DKIM result: header.d, else the domain of header.i (which a verifier holds within d). */
function signingDomainOf(result: AuthResult): string {
  const d = result.props['header.d'];
  if (d) return d;
  const i = result.props['header.i'];
  return i ? domainOf(i) : '';
}

/** The verdict of the operator's receiving server for the From domain: DMARC pass for it, or an aligned DKIM pass. */
function judgeTrusted(header: AuthenticationResults, fromDomain: string): SenderVerdict {
  const by = ` (${header.authservId})`;
  const dmarc = header.results.find((result) => result.method === 'dmarc');
  const dmarcFrom = dmarc?.props['header.from'] ? domainOf(dmarc.props['header.from']) : '';
  if (dmarc?.result === 'pass' && dmarcFrom === fromDomain) return { believed: true, text: `dmarc=pass${by}` };
  const dkim = header.results.filter((result) => result.method === 'dkim');
  const aligned = dkim.find((result) => result.result === 'pass' && alignedDomain(signingDomainOf(result), fromDomain));
  // A DMARC failure is the From domain's own word (strict alignment, say): no DKIM pass outweighs it.
  if (aligned && dmarc?.result !== 'fail') return { believed: true, text: `dkim=pass header.d=${signingDomainOf(aligned)}${by}` };
  if (dmarc?.result === 'pass') return { believed: false, text: `dmarc=pass for ${dmarcFrom || 'another domain'}, not ${fromDomain}${by}` };
  const said = [dmarc, ...dkim].filter((result): result is AuthResult => !!result).map((result) => `${result.method}=${result.result}`);
  return { believed: false, text: `${said.length > 0 ? [...new Set(said)].join(', ') : 'no dmarc or dkim result'}${by}` };
}

/** The portal's own DKIM and DMARC check (mailauth); SPF is not checked: the connecting address is not known here. */
async function judgeOwn(mail: MailToJudge, fromDomain: string, check: MailInSenderCheck): Promise<SenderVerdict> {
  const by = ' (checked by the portal)';
  const resolver = check.resolver ? { resolver: check.resolver } : {};
  try {
    const dkim = await dkimVerify(mail.raw, resolver);
    // A signature with l= leaves the end of the body unsigned: anyone may have added to it.
    const passed = dkim.results.filter((sig) => sig.status.result === 'pass' && !sig.status.underSized && sig.signingDomain);
    const dmarc = await checkDmarc({
      headerFrom: dkim.headerFrom, fromFields: dkim.fromFields, spfDomains: [],
      dkimDomains: passed.map((sig) => ({ id: sig.id, domain: sig.signingDomain!, aligned: sig.status.aligned, underSized: sig.status.underSized })),
      ...resolver,
    });
    const dmarcResult = dmarc ? dmarc.status.result : null;
    if (dmarc && dmarcResult === 'pass' && domainOf(String(dmarc.status.header?.from ?? '')) === fromDomain) return { believed: true, text: `dmarc=pass${by}` };
    const aligned = passed.find((sig) => alignedDomain(sig.signingDomain!, fromDomain));
    if (aligned && dmarcResult !== 'fail') return { believed: true, text: `dkim=pass header.d=${aligned.signingDomain}${by}` };
    const said = [...(dmarcResult && dmarcResult !== 'none' ? [`dmarc=${dmarcResult}`] : []), ...dkim.results.map((sig) => `dkim=${sig.status.result}`)];
    return { believed: false, text: `${said.length > 0 ? [...new Set(said)].join(', ') : 'no DKIM signature'}${by}` };
  } catch (error) {
    return { believed: false, text: `the check failed: ${error instanceof Error ? error.message : String(error)}${by}` };
  }
}

/**
 * The verdict on a mail's sender. The check off believes it; with the check on, a mail with not exactly one From
 * address is not believed, then the trusted server's header is read, then (when it did not believe) the portal's own
 * check runs.
 */
export async function senderVerdict(mail: MailToJudge, check: MailInSenderCheck): Promise<SenderVerdict> {
  if (!check.on) return { believed: true, text: NOT_CHECKED };
  if (!canVerifySenders(check)) return { believed: false, text: NOTHING_TO_VERIFY_WITH };
  if (mail.fromFields !== 1 || mail.fromAddresses.length !== 1 || !mail.fromAddresses[0]!.includes('@')) {
    return { believed: false, text: 'not exactly one From address' };
  }
  const fromDomain = domainOf(mail.fromAddresses[0]!);
  const found: SenderVerdict[] = [];
  if (check.trustedAuthserv.length > 0) {
    const trusted = authenticationResultsOf(mail.headerLines).find((header) => header.authservId !== '' && check.trustedAuthserv.includes(header.authservId));
    const verdict = trusted ? judgeTrusted(trusted, fromDomain) : { believed: false, text: NO_TRUSTED_RESULTS };
    if (verdict.believed) return verdict;
    found.push(verdict);
  }
  if (check.verifyDkim) {
    const verdict = await judgeOwn(mail, fromDomain, check);
    if (verdict.believed) return verdict;
    found.push(verdict);
  }
  return { believed: false, text: found.map((verdict) => verdict.text).join('; ') };
}
