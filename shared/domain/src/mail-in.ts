import { PRIORITY, TYPE, type LookupItem } from './lookups';
import type { NoteVisibility } from './note-visibility';
import { canViewTicket, type CompanyOwned, type Viewer } from './policy';

// Mail in (docs/product/notifications-and-mail.md#mail-in): what the portal does with a message read from
// the support mailbox. Everything here is pure: the API gathers the facts (who sent it, which ticket its
// headers or subject name) and this decides. The sender's address is only trusted as far as the rules
// below: a reply's Message-ID is unguessable, so it places the note; a `[#123]` token is guessable, so it
// needs a sender who belongs to that ticket's company (or staff).

/** Largest original kept for admins (bytes before encoding); a larger message keeps its first part only. */
export const MAIL_IN_RAW_MAX = 1024 * 1024;
/** At most this many Message-IDs are read from In-Reply-To and References together. */
export const MAIL_IN_REFERENCES_MAX = 50;
/** The longest note (or new ticket's description) a mail writes, in characters; a longer one is cut. */
export const MAIL_IN_NOTE_MAX = 20_000;
/** At most this many files of one mail become attachments; the rest are named as not attached. */
export const MAIL_IN_FILES_MAX = 20;

/** Why a message was held for an admin (shown on the held list). */
export const MAIL_IN_REASONS = {
  unknownSender: 'The sender is not a contact of the portal.',
  inactiveSender: "The sender's account is deactivated.",
  notAllowed: 'The sender may not see the ticket the mail names.',
  noCompany: 'The sender is not linked to any company.',
  ticketGone: 'The ticket the mail names does not exist.',
  /** docs/product/notifications-and-mail.md#mail-in: its From was not vouched for by a verdict the portal trusts. */
  senderNotVerified: 'Sender not verified.',
} as const;
export type MailInReason = keyof typeof MAIL_IN_REASONS;

/**
 * What attaching a held message writes unless the admin chooses otherwise (docs/product/notifications-and-mail.md#mail-in),
 * by its reason as the held list shows it: an internal note when its sender was not verified (anyone can write any
 * From, so words nobody vouched for are not put before the client by default), a reply otherwise.
 */
export function heldMailNoteVisibility(reason: string): NoteVisibility {
  return reason === MAIL_IN_REASONS.senderNotVerified ? 'internal' : 'public';
}

/** Why a message was ignored (counted and in the audit trail; nothing is written, nobody is answered). */
export const MAIL_IN_IGNORE_REASONS = {
  autoSubmitted: 'Automatic mail (Auto-Submitted).',
  bulk: 'Bulk or list mail (Precedence).',
  bounce: 'A bounce or delivery report.',
  ownMail: 'Mail sent by the portal itself.',
} as const;
export type MailInIgnoreReason = keyof typeof MAIL_IN_IGNORE_REASONS;

export type MailInStatusName = 'note' | 'ticket' | 'held' | 'ignored' | 'attached' | 'dropped';

/** The admin screen's words for what became of a message. */
export const MAIL_IN_STATUS_LABELS: Readonly<Record<MailInStatusName, string>> = {
  note: 'Added to a ticket',
  ticket: 'Opened a ticket',
  held: 'Held',
  ignored: 'Ignored',
  attached: 'Attached by an admin',
  dropped: 'Dropped by an admin',
};

/** The ticket number of a `[#123]` token in a subject, or null. */
export function ticketTokenOf(subject: string): number | null {
  const match = /\[#(\d{1,9})\]/.exec(subject);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A subject with the ticket's token in front, once. */
export function subjectWithTicketToken(subject: string, ticketId: number): string {
  const token = `[#${ticketId}]`;
  return subject.includes(token) ? subject : `${token} ${subject}`;
}

/** The `<…>` Message-IDs of header values (In-Reply-To, References), in order, without repeats, bounded. */
export function messageIdsIn(...values: (string | readonly string[] | null | undefined)[]): string[] {
  const ids: string[] = [];
  for (const value of values.flat()) {
    if (typeof value !== 'string') continue;
    for (const match of value.matchAll(/<([^<>\s]{1,250})>/g)) {
      const id = `<${match[1]}>`;
      if (!ids.includes(id)) ids.push(id);
      if (ids.length >= MAIL_IN_REFERENCES_MAX) return ids;
    }
  }
  return ids;
}

/** The headers the noise rules read, lower-cased names as a MIME parser gives them. */
export interface MailHeaders {
  from: string;
  autoSubmitted?: string | null;
  precedence?: string | null;
  contentType?: string | null;
  /** Any of X-Autoreply, X-Autorespond, X-Auto-Response-Suppress: All|OOF… */
  autoReplyHint?: boolean;
  /** The message's own Message-ID is one the portal sent (it came back to us). */
  isOwnMessage: boolean;
}

/**
 * Noise, which is ignored and counted: automatic mail (Auto-Submitted other than `no`, auto-reply hints),
 * bulk and list mail (Precedence), bounces (MAILER-DAEMON, postmaster, delivery and disposition reports)
 * and the portal's own mail coming back. Null: a person wrote it.
 */
export function noiseReason(headers: MailHeaders): MailInIgnoreReason | null {
  if (headers.isOwnMessage) return 'ownMail';
  const sender = headers.from.trim().toLowerCase();
  const at = sender.lastIndexOf('@');
  const localPart = at > 0 ? sender.slice(0, at) : sender;
  const type = (headers.contentType ?? '').toLowerCase();
  if (/^(mailer-daemon|postmaster)$/.test(localPart) || sender === '' || /multipart\/report|message\/delivery-status|disposition-notification/.test(type)) {
    return 'bounce';
  }
  // RFC 3834: `Auto-Submitted: auto-replied; owner-email="…"`: the keyword is what comes before any parameter.
  const auto = headerKeyword(headers.autoSubmitted);
  if ((auto !== '' && auto !== 'no') || headers.autoReplyHint) return 'autoSubmitted';
  if (/^(bulk|junk|list)$/.test(headerKeyword(headers.precedence))) return 'bulk';
  return null;
}

/** A header's first word, lower-cased, without its parameters and comments. */
function headerKeyword(value: string | null | undefined): string {
  return (value ?? '').split(/[;(]/, 1)[0]!.trim().toLowerCase();
}

/**
 * The auto-reply hints of the noise rules, from a message's headers by lower-cased name: `X-Autoreply` or
 * `X-Autorespond` at all, `X-Auto-Response-Suppress` naming All, OOF or AutoReply (what Exchange puts on its
 * own automatic answers).
 */
export function autoReplyHintOf(header: (name: string) => string | null | undefined): boolean {
  if (header('x-autoreply') != null || header('x-autorespond') != null) return true;
  return /(^|[\s,])(all|oof|autoreply)($|[\s,])/i.test(header('x-auto-response-suppress') ?? '');
}

/** A contact's company for a new ticket by mail: the first it is primary for, else its first company. */
export function mailInCompanyOf(links: { companyIds: readonly number[]; primaryCompanyIds: readonly number[] }): number | null {
  return links.primaryCompanyIds[0] ?? links.companyIds[0] ?? null;
}

/** A ticket's title from a mail subject: reply and forward prefixes and the ticket token cut, at most 200 characters. */
export function ticketTitleFromSubject(subject: string): string {
  let title = subject.replace(/\[#\d{1,9}\]/g, ' ');
  for (;;) {
    const next = title.replace(/^\s*(re|fwd?|aw|wg|sv|vs|tr)\s*(\[\d+\])?\s*:\s*/i, '');
    if (next === title) break;
    title = next;
  }
  title = title.replace(/\s+/g, ' ').trim();
  return (title || '(no subject)').slice(0, 200);
}

/** The sender as the portal knows it: null when no contact has the address. */
export interface MailInSender {
  active: boolean;
  viewer: Viewer;
}

/** What the API found for one message that is not noise. */
export interface MailInFacts {
  sender: MailInSender | null;
  /** The ticket of a Message-ID the portal sent, named by In-Reply-To or References; `gone` when that ticket was deleted. */
  threadTicket: (CompanyOwned & { ticket_id: number }) | 'gone' | null;
  /** The ticket of the subject's `[#123]` token, when there is one; `gone` when the token names no ticket. */
  tokenTicket: (CompanyOwned & { ticket_id: number }) | 'gone' | null;
}

export type MailInDecision =
  | { kind: 'note'; ticketId: number; by: 'reply' | 'token' }
  | { kind: 'ticket'; companyId: number }
  | { kind: 'held'; reason: MailInReason };

/**
 * docs/product/notifications-and-mail.md#matching. A reply to our Message-ID is a note when its sender may
 * see that ticket; else the subject token, when its sender may see that ticket; else a known, active
 * contact opens a ticket for its company. Everything else is held: no note, no ticket, no answer. A token
 * naming no ticket is held too (a new ticket would tell the sender that number is free).
 */
export function decideMailIn(facts: MailInFacts): MailInDecision {
  const { sender, threadTicket, tokenTicket } = facts;
  if (!sender) return { kind: 'held', reason: 'unknownSender' };
  if (!sender.active) return { kind: 'held', reason: 'inactiveSender' };
  if (threadTicket === 'gone') return { kind: 'held', reason: 'ticketGone' };
  if (threadTicket) {
    return canViewTicket(sender.viewer, threadTicket)
      ? { kind: 'note', ticketId: threadTicket.ticket_id, by: 'reply' }
      : { kind: 'held', reason: 'notAllowed' };
  }
  if (tokenTicket === 'gone') return { kind: 'held', reason: 'ticketGone' };
  if (tokenTicket) {
    return canViewTicket(sender.viewer, tokenTicket)
      ? { kind: 'note', ticketId: tokenTicket.ticket_id, by: 'token' }
      : { kind: 'held', reason: 'notAllowed' };
  }
  const companyId = mailInCompanyOf(sender.viewer);
  return companyId === null ? { kind: 'held', reason: 'noCompany' } : { kind: 'ticket', companyId };
}

/**
 * The type and priority of a ticket a mail opens (docs/product/notifications-and-mail.md#matching). The new-ticket
 * form presets neither, so a mail takes the portal's everyday pair: Question at Medium priority, or the first item of
 * a list an admin saved without them.
 */
export function mailInTicketFields(types: readonly LookupItem[], priorities: readonly LookupItem[]): { type_id: number; priority_id: number } {
  const pick = (list: readonly LookupItem[], preferred: number) => (list.some((item) => item.id === preferred) ? preferred : list[0]?.id ?? preferred);
  return { type_id: pick(types, TYPE.question), priority_id: pick(priorities, PRIORITY.medium) };
}
