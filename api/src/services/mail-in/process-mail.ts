import { createHash } from 'node:crypto';
import {
  MAIL_IN_IGNORE_REASONS, MAIL_IN_RAW_MAX, MAIL_IN_REASONS, autoReplyHintOf, canWriteInternalNote, decideMailIn, heldFilesLine, isValidTimeZone, mailInNoteText,
  mailInTicketFields, messageIdsIn, noiseReason, sanitizeFileName, ticketTitleFromSubject, ticketTokenOf,
  type AuditAction, type Change, type MailInDecision, type MailInFacts, type Viewer,
} from '@portal/domain';
import { simpleParser, type HeaderValue, type ParsedMail } from 'mailparser';
import type { PortalDb } from '../../db/connect';
import type { ContactRow } from '../../repositories/contact-repository';
import type { NewMailInMessage } from '../../repositories/mail-in-repository';
import { writeAudit } from '../../repositories/audit-repository';
import { addAttachmentRows, attachmentsChanged, removeStoredFiles, writeStoredFiles, type StoredFile } from '../attachment-uploads';
import { activityChanged } from '../activity-notes';
import { auditRecord, type AuditActor } from '../audit';
import { mailLanguage } from '../../messages';
import { ticketAcknowledgementMail } from '../mail-templates';
import { lookupOption } from '../option-defaults';
import type { ServiceContext, Written } from '../service-context';
import { followFromCc, tellFollowersOfNote } from '../followers';
import { createTicket, newTicketInput, type TicketCreateBody } from '../ticket-creation';
import { queueTicketMail } from '../ticket-mail';
import { sortMailFiles } from './mail-files';
import { mailBodyWords } from './note-text';
import { senderVerdict, type SenderVerdict } from './sender-verdict';
import { recordWebhookEvent } from '../webhook-events';

// One message read from the support mailbox (docs/product/notifications-and-mail.md#mail-in): noise is ignored,
// a mail whose sender is not verified (sender-verdict.ts) is held and never written as the contact its From names,
// a reply or a token mail becomes a note, a known contact's new mail opens a ticket, anything else is held. The
// record of the message (mail_in_messages, unique by Message-ID) commits in the transaction of what it made
// (docs/product/notifications-and-mail.md#exactly-once): a message read twice finds its record and does nothing.

export interface ProcessedMail {
  status: 'note' | 'ticket' | 'held' | 'ignored' | 'duplicate';
  mailInId: number | null;
  ticketId: number | null;
}

/** The parser's work is bounded: the fetcher hands at most MAIL_IN_MAX_BYTES; HTML is converted by note-text.ts only. */
const PARSER_OPTIONS = { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true, keepDeliveryStatus: false } as const;
const SUBJECT_MAX = 500;
const VERDICT_MAX = 500;
const NAME_MAX = 200;
const ADDRESS_MAX = 320;

/** What the rules read of a parsed message. */
interface ReadMail {
  /** Its Message-ID, or `<sha256@mail-in>` of its bytes when it has none. */
  key: string;
  fromAddress: string;
  /** The addresses in Cc, lower-cased: who may follow the ticket (docs/product/tickets.md#followers-and-cc); never who sent it. */
  cc: string[];
  /** The addresses in To (the support mailbox and its aliases): no one to add from Cc. */
  to: string[];
  fromName: string | null;
  subject: string;
  parsed: ParsedMail;
}

function headerText(value: HeaderValue | undefined): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? item : '')).join(', ');
  if (typeof value === 'object' && 'value' in value && typeof value.value === 'string') return value.value;
  return String(value);
}

/** The addresses of a Cc or To field (groups opened), lower-cased. */
function addressesOf(field: ParsedMail['cc']): string[] {
  const fields = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const entries = fields.flatMap((field) => field.value).flatMap((entry) => [entry, ...(entry.group ?? [])]);
  return entries.map((entry) => (entry.address ?? '').trim().toLowerCase().slice(0, ADDRESS_MAX)).filter((address) => address.includes('@'));
}

function readMail(parsed: ParsedMail, raw: Buffer): ReadMail {
  const sender = parsed.from?.value[0];
  return {
    key: messageIdsIn(parsed.messageId)[0] ?? `<${createHash('sha256').update(raw).digest('hex')}@mail-in>`,
    fromAddress: (sender?.address ?? '').trim().toLowerCase().slice(0, ADDRESS_MAX),
    fromName: sender?.name?.trim() ? sender.name.trim().slice(0, NAME_MAX) : null,
    cc: addressesOf(parsed.cc),
    to: addressesOf(parsed.to),
    subject: (parsed.subject ?? '').replace(/\s+/g, ' ').trim().slice(0, SUBJECT_MAX),
    parsed,
  };
}

/** The verdict on the sender (docs/product/notifications-and-mail.md#mail-in), as configured. */
function verdictOf(ctx: ServiceContext, mail: ReadMail, raw: Buffer): Promise<SenderVerdict> {
  const { parsed } = mail;
  return senderVerdict({
    fromAddresses: (parsed.from?.value ?? []).map((address) => (address.address ?? '').trim().toLowerCase()),
    fromFields: parsed.headerLines.filter((line) => line.key === 'from').length,
    headerLines: parsed.headerLines,
    raw,
  }, ctx.config.mailInSenderCheck);
}

const duplicate = (found: { mail_in_id: number; ticket_id: number | null }): Written<ProcessedMail> =>
  ({ result: { status: 'duplicate', mailInId: found.mail_in_id, ticketId: found.ticket_id }, changes: [] });

/**
 * Runs `work` in one transaction with the files written before it; a failure removes the files, and a failure
 * because another pass recorded the same message first (the unique Message-ID) answers 'duplicate'.
 */
async function once<T>(
  ctx: ServiceContext, key: string, stored: readonly StoredFile[], work: () => Promise<T>,
): Promise<T | Written<ProcessedMail>> {
  try {
    return await work();
  } catch (error) {
    await removeStoredFiles(ctx, stored);
    const found = await ctx.repos.mailIn.findByMessageId(key);
    if (found) return duplicate(found);
    throw error;
  }
}

/** Decodes and processes one message (the fetcher's MailProcessor); answers what it became and the changes to publish. */
export async function processMail(ctx: ServiceContext, message: { raw: Buffer; uid: number | null }): Promise<Written<ProcessedMail>> {
  const { repos } = ctx;
  const mail = readMail(await simpleParser(message.raw, PARSER_OPTIONS), message.raw);
  const seen = await repos.mailIn.findByMessageId(mail.key);
  if (seen) return duplicate(seen);

  const verdict = await verdictOf(ctx, mail, message.raw);
  // An unverified From names nobody: the mail is recorded, audited and held without a contact.
  const contact = mail.fromAddress === '' || !verdict.believed ? undefined : await repos.contacts.findByEmail(mail.fromAddress);
  const actor: AuditActor = { actorId: contact?.contact_id ?? null, ip: null };
  const row: NewMailInMessage = {
    message_id: mail.key, uid: message.uid, from_address: mail.fromAddress, from_name: mail.fromName, subject: mail.subject,
    date_received: ctx.clock().toISOString(), status: 'ignored', reason: null, ticket_id: null, activity_id: null,
    contact_id: contact?.contact_id ?? null, text: null, raw: null, raw_size: message.raw.length, date_decided: null, decided_by: null,
    verdict: verdict.text.slice(0, VERDICT_MAX),
  };
  const audit = (trx: PortalDb, action: AuditAction, mailInId: number, companyId: number | null, reason: string | null = null) =>
    writeAudit(trx, [auditRecord(actor, action, { entityId: mailInId, companyId, subject: mail.subject }, [
      { field: 'from', before: null, after: mail.fromName ? `${mail.fromName} <${mail.fromAddress}>` : mail.fromAddress },
      ...(reason ? [{ field: 'reason', before: null, after: reason }] : []),
    ])], ctx.clock());

  const headers = mail.parsed.headers;
  const header = (name: string) => headerText(headers.get(name));
  const noise = noiseReason({
    from: mail.fromAddress,
    autoSubmitted: header('auto-submitted'),
    precedence: header('precedence'),
    contentType: header('content-type'),
    autoReplyHint: autoReplyHintOf(header),
    isOwnMessage: mail.key.startsWith('<outbox.') || (await repos.ticketMail.isOwn(mail.key)),
  });
  if (noise) {
    return once(ctx, mail.key, [], () => ctx.db.transaction().execute(async (trx) => {
      const mailInId = await repos.mailIn.add(trx, { ...row, status: 'ignored', reason: noise });
      await audit(trx, 'mail.ignored', mailInId, null, MAIL_IN_IGNORE_REASONS[noise]);
      return { result: { status: 'ignored' as const, mailInId, ticketId: null }, changes: [] };
    }));
  }

  const facts = await gatherFacts(ctx, mail, contact);
  const decision: MailInDecision = verdict.believed ? decideMailIn(facts) : { kind: 'held', reason: 'senderNotVerified' };
  const kept = { ...row, raw: message.raw.subarray(0, MAIL_IN_RAW_MAX).toString('base64') };
  const words = mailBodyWords(mail.parsed);
  const files = mail.parsed.attachments;

  if (decision.kind === 'held') {
    // No files are kept for a held message: they stay in its original, and nobody is answered.
    const named = [facts.threadTicket, facts.tokenTicket].find((ticket) => ticket !== null && ticket !== 'gone');
    const filesLine = heldFilesLine(files.map((file) => sanitizeFileName(file.filename ?? '')));
    return once(ctx, mail.key, [], () => ctx.db.transaction().execute(async (trx) => {
      const mailInId = await repos.mailIn.add(trx, {
        ...kept, status: 'held', reason: decision.reason, ticket_id: named?.ticket_id ?? null, text: mailInNoteText(words, filesLine ? [filesLine] : []),
      });
      await audit(trx, 'mail.held', mailInId, named?.company_id ?? null, MAIL_IN_REASONS[decision.reason]);
      return { result: { status: 'held' as const, mailInId, ticketId: named?.ticket_id ?? null }, changes: [] };
    }));
  }
  if (!contact || !facts.sender) throw new Error('only a known sender gets a note or a ticket');

  const { accepted, notAttached } = sortMailFiles(files, ctx.config.attachmentMaxBytes);
  const text = mailInNoteText(words, notAttached);
  const stored = await writeStoredFiles(ctx, accepted);
  const sender = { contact, viewer: facts.sender.viewer, actor, cc: mail.cc, to: mail.to };
  const record: NewMailInMessage = { ...kept, text };
  // A staff member's answer to mail about an internal note stays internal; any other reply is public (docs/product/tickets.md#internal-notes).
  const internal = decision.kind === 'note' && decision.by === 'reply' && facts.answersInternalNote && canWriteInternalNote(facts.sender.viewer);
  return decision.kind === 'note'
    ? once(ctx, mail.key, stored, () => writeNote(ctx, { ...decision, companyId: companyOf(facts, decision), internal }, sender, record, stored, audit))
    : once(ctx, mail.key, stored, () => openTicket(ctx, decision.companyId, sender, { record, text, subject: mail.subject }, stored, audit));
}

type Audit = (trx: PortalDb, action: AuditAction, mailInId: number, companyId: number | null) => Promise<void>;
interface Sender { contact: ContactRow; viewer: Viewer; actor: AuditActor; cc: readonly string[]; to: readonly string[] }

/** The facts the rules read, and whether the portal mail it answers was about an internal note (to staff). */
async function gatherFacts(ctx: ServiceContext, mail: ReadMail, contact: ContactRow | undefined): Promise<MailInFacts & { answersInternalNote: boolean }> {
  const { repos } = ctx;
  const viewer: Viewer | null = contact
    ? { contactId: contact.contact_id, groupId: contact.group_id, ...(await repos.contacts.companyLinks(contact.contact_id)) }
    : null;
  const answered = messageIdsIn(mail.parsed.inReplyTo, mail.parsed.references);
  const sent = await repos.ticketMail.findSent(answered);
  // Else a reply to mail read before (a reply-all by someone in its Cc): the ticket that mail opened or was noted on.
  const threadId = sent?.ticket_id ?? (await repos.mailIn.ticketOfMessages(answered));
  const token = ticketTokenOf(mail.subject);
  return {
    sender: contact && viewer ? { active: contact.active === 1, viewer } : null,
    threadTicket: threadId !== undefined ? (await repos.tickets.findAccess(threadId)) ?? 'gone' : null,
    tokenTicket: token === null ? null : (await repos.tickets.findAccess(token)) ?? 'gone',
    answersInternalNote: sent?.internal === true,
  };
}

function companyOf(facts: MailInFacts, decision: Extract<MailInDecision, { kind: 'note' }>): number {
  const ticket = decision.by === 'reply' ? facts.threadTicket : facts.tokenTicket;
  if (ticket === null || ticket === 'gone') throw new Error('a note decision names a ticket that is not there');
  return ticket.company_id;
}

/** A note on the ticket as the sender's contact, its files, and the record of the message: one transaction. */
async function writeNote(
  ctx: ServiceContext,
  target: { ticketId: number; companyId: number; internal: boolean },
  sender: Sender,
  record: NewMailInMessage,
  stored: readonly StoredFile[],
  audit: Audit,
): Promise<Written<ProcessedMail>> {
  const { repos } = ctx;
  const contactName = await repos.contacts.fullName(sender.contact.contact_id);
  const followed = await repos.tickets.findById(target.ticketId);
  const told: Change[] = [];
  const mailInId = await ctx.db.transaction().execute(async (trx) => {
    const activity = await repos.activity.add(trx, {
      ticket_id: target.ticketId, contact_id: sender.contact.contact_id, contact_name: contactName, note: record.text ?? '', source: 'mail',
      date_created: ctx.clock().toISOString(), internal: target.internal,
    });
    await addAttachmentRows(ctx, trx, stored, {
      ticketId: target.ticketId, targetType: 'ticket', contactId: sender.contact.contact_id, internal: target.internal,
    });
    const id = await repos.mailIn.add(trx, { ...record, status: 'note', ticket_id: target.ticketId, activity_id: activity.activity_id });
    await audit(trx, 'mail.noted', id, target.companyId);
    if (followed) await recordWebhookEvent(trx, { type: 'ticket.note_added', at: ctx.clock(), ticket: followed, internal: target.internal, data: { note: { id: activity.activity_id, text: activity.note, author: contactName, internal: target.internal, source: 'mail' } } });
    if (followed) {
      // Those in Cc had the mail itself: they follow from now on, and only the other followers are told of it.
      const cc = await followFromCc(ctx, trx, followed, sender.cc, { senderId: sender.contact.contact_id, own: [sender.contact.email, ...sender.to] });
      const note = { internal: target.internal, text: activity.note, authorId: sender.contact.contact_id, authorName: contactName };
      told.push(...cc.changes, ...(await tellFollowersOfNote(ctx, trx, followed, note, cc.following)));
    }
    return id;
  });
  const ticket = { ticket_id: target.ticketId, company_id: target.companyId };
  const changes: Change[] = [activityChanged(ticket, target), ...told];
  if (stored.length > 0) changes.push(attachmentsChanged(ticket, target));
  return { result: { status: 'note', mailInId, ticketId: target.ticketId }, changes };
}

/**
 * A new ticket for the sender's company as the new-ticket form makes it (createTicket: its checks, the assignment
 * rules, the admins' mail), with the files, the record of the message and the acknowledgement to the sender on
 * the ticket's own transaction.
 */
async function openTicket(
  ctx: ServiceContext,
  companyId: number,
  sender: Sender,
  mail: { record: NewMailInMessage; text: string; subject: string },
  stored: readonly StoredFile[],
  audit: Audit,
): Promise<Written<ProcessedMail>> {
  const { repos, config } = ctx;
  const [types, priorities] = await Promise.all([lookupOption(repos.options, 'type-defaults'), lookupOption(repos.options, 'priority-defaults')]);
  const body: TicketCreateBody = {
    ...mailInTicketFields(types, priorities), title: ticketTitleFromSubject(mail.subject), description: mail.text, company_id: companyId, estimate_required: 0,
  };
  // The default due date on the sender's clock, as the form would set it for them (their time_zone meta, else the server's zone).
  const zone = await repos.contacts.metaValue(sender.contact.contact_id, 'time_zone');
  const timeZone = zone && isValidTimeZone(zone) ? zone : config.defaultTimeZone;
  let mailInId = 0;
  const followers: Change[] = [];
  const created = await createTicket(ctx, sender.viewer, { body, input: newTicketInput(body), timeZone, actor: sender.actor }, {
    source: 'mail',
    alsoWrite: async (trx, ticket) => {
      await addAttachmentRows(ctx, trx, stored, { ticketId: ticket.ticket_id, targetType: 'ticket', contactId: sender.contact.contact_id });
      mailInId = await repos.mailIn.add(trx, { ...mail.record, status: 'ticket', ticket_id: ticket.ticket_id });
      const to = { address: sender.contact.email, contactId: sender.contact.contact_id };
      // Threaded under the sender's own message, unless it had no Message-ID of its own.
      const answers = mail.record.message_id.endsWith('@mail-in>') ? undefined : mail.record.message_id;
      const language = await mailLanguage(trx, sender.contact.contact_id);
      await queueTicketMail(ctx, trx, ticket, to, ticketAcknowledgementMail(config.publicUrl, ticket, sender.contact.first_name, language), { answers });
      await audit(trx, 'mail.ticket_opened', mailInId, ticket.company_id);
      const cc = await followFromCc(ctx, trx, { ...ticket, contact_id: sender.contact.contact_id }, sender.cc, {
        senderId: sender.contact.contact_id, own: [sender.contact.email, ...sender.to],
      });
      followers.push(...cc.changes);
    },
  });
  const changes: Change[] = [...created.changes, ...followers];
  if (stored.length > 0) changes.push(attachmentsChanged({ ticket_id: created.result, company_id: companyId }));
  return { result: { status: 'ticket', mailInId, ticketId: created.result }, changes };
}
