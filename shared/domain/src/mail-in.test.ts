import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { DEFAULT_PRIORITIES, DEFAULT_TYPES, PRIORITY, TYPE } from './lookups';
import {
  MAIL_IN_REASONS, MAIL_IN_REFERENCES_MAX, MAIL_IN_STATUS_LABELS, autoReplyHintOf, decideMailIn, heldMailNoteVisibility, mailInCompanyOf, mailInTicketFields,
  messageIdsIn, noiseReason, subjectWithTicketToken, ticketTitleFromSubject, ticketTokenOf,
  type MailHeaders, type MailInFacts,
} from './mail-in';
import type { Viewer } from './policy';

describe('the ticket token', () => {
  it('reads the number of a [#123] token anywhere in the subject, the first one', () => {
    expect(ticketTokenOf('[#123] Printer on fire')).toBe(123);
    expect(ticketTokenOf('Re: AW: [#7] Fwd: [#8] thing')).toBe(7);
    expect(ticketTokenOf('About ticket #123')).toBeNull();
    expect(ticketTokenOf('[#0] zero')).toBeNull();
    expect(ticketTokenOf('[#1234567890] too long')).toBeNull();
    expect(ticketTokenOf('')).toBeNull();
  });

  it('puts the token in front of a subject once', () => {
    expect(subjectWithTicketToken('New activity', 12)).toBe('[#12] New activity');
    expect(subjectWithTicketToken('[#12] New activity', 12)).toBe('[#12] New activity');
    expect(subjectWithTicketToken('[#13] Other', 12)).toBe('[#12] [#13] Other');
  });
});

describe('Message-IDs of In-Reply-To and References', () => {
  it('reads the <…> ids in order, without repeats, from strings and lists', () => {
    expect(messageIdsIn('<a@x>', '<b@x> <a@x>\r\n <c@x>', ['<d@x>', '<b@x>'], null, undefined)).toEqual(['<a@x>', '<b@x>', '<c@x>', '<d@x>']);
  });

  it('ignores what is not an id: bare words, spaces inside brackets, ids over 250 characters', () => {
    expect(messageIdsIn('a@x <has space@x> <>', `<${'x'.repeat(251)}>`)).toEqual([]);
    expect(messageIdsIn(`<${'y'.repeat(250)}>`)).toHaveLength(1);
  });

  it(`reads at most ${MAIL_IN_REFERENCES_MAX} ids`, () => {
    const many = Array.from({ length: 80 }, (_, index) => `<m${index}@x>`).join(' ');
    const ids = messageIdsIn(many);
    expect(ids).toHaveLength(MAIL_IN_REFERENCES_MAX);
    expect(ids[0]).toBe('<m0@x>');
  });
});

describe('noise', () => {
  const person: MailHeaders = { from: 'cora@client.test', isOwnMessage: false };

  it('lets a message a person wrote through', () => {
    expect(noiseReason(person)).toBeNull();
    expect(noiseReason({ ...person, autoSubmitted: 'no', precedence: 'first-class', contentType: 'multipart/alternative' })).toBeNull();
    expect(noiseReason({ ...person, autoSubmitted: ' No ; comment' })).toBeNull();
  });

  it("ignores the portal's own mail coming back before anything else", () => {
    expect(noiseReason({ ...person, isOwnMessage: true, autoSubmitted: 'auto-generated' })).toBe('ownMail');
  });

  it('ignores bounces: MAILER-DAEMON, postmaster, no sender, delivery and read reports', () => {
    expect(noiseReason({ ...person, from: 'MAILER-DAEMON@mx.client.test' })).toBe('bounce');
    expect(noiseReason({ ...person, from: 'postmaster@client.test' })).toBe('bounce');
    expect(noiseReason({ ...person, from: 'mailer-daemon' })).toBe('bounce');
    expect(noiseReason({ ...person, from: '  ' })).toBe('bounce');
    expect(noiseReason({ ...person, contentType: 'multipart/report; report-type=delivery-status' })).toBe('bounce');
    expect(noiseReason({ ...person, contentType: 'message/disposition-notification' })).toBe('bounce');
    expect(noiseReason({ ...person, from: 'not-postmaster@client.test' })).toBeNull();
  });

  it('ignores automatic mail: Auto-Submitted other than no (with its parameters), and auto-reply hints', () => {
    expect(noiseReason({ ...person, autoSubmitted: 'auto-replied' })).toBe('autoSubmitted');
    expect(noiseReason({ ...person, autoSubmitted: 'Auto-Generated; owner-email="x@y"' })).toBe('autoSubmitted');
    expect(noiseReason({ ...person, autoReplyHint: true })).toBe('autoSubmitted');
  });

  it('ignores bulk, junk and list mail by Precedence', () => {
    for (const precedence of ['bulk', 'Junk', ' list ', 'list (mailing list)']) expect(noiseReason({ ...person, precedence })).toBe('bulk');
    expect(noiseReason({ ...person, precedence: 'bulky' })).toBeNull();
  });

  it('reads the auto-reply hints from the headers', () => {
    const headers = (values: Record<string, string>) => (name: string) => values[name];
    expect(autoReplyHintOf(headers({}))).toBe(false);
    expect(autoReplyHintOf(headers({ 'x-autoreply': 'yes' }))).toBe(true);
    expect(autoReplyHintOf(headers({ 'x-autorespond': '' }))).toBe(true);
    expect(autoReplyHintOf(headers({ 'x-auto-response-suppress': 'All' }))).toBe(true);
    expect(autoReplyHintOf(headers({ 'x-auto-response-suppress': 'DR, OOF, AutoReply' }))).toBe(true);
    expect(autoReplyHintOf(headers({ 'x-auto-response-suppress': 'DR, RN, NRN' }))).toBe(false);
    expect(autoReplyHintOf(headers({ 'x-auto-response-suppress': 'Ballpark' }))).toBe(false);
  });
});

describe('titles from subjects', () => {
  it('cuts reply and forward prefixes, in several languages and repeated, and every token', () => {
    expect(ticketTitleFromSubject('Re: RE: Fwd: [#12] The site is down')).toBe('The site is down');
    expect(ticketTitleFromSubject('AW: WG: Rechnung')).toBe('Rechnung');
    expect(ticketTitleFromSubject('Re[2]: Fw: Hello  there')).toBe('Hello there');
    expect(ticketTitleFromSubject('Ready: Re: nothing to cut in the middle')).toBe('Ready: Re: nothing to cut in the middle');
  });

  it('gives "(no subject)" for an empty one and at most 200 characters', () => {
    expect(ticketTitleFromSubject('')).toBe('(no subject)');
    expect(ticketTitleFromSubject('Re: [#3]')).toBe('(no subject)');
    expect(ticketTitleFromSubject('x'.repeat(500))).toHaveLength(200);
  });
});

describe('the company of a ticket by mail', () => {
  it('is the first company the contact is primary for, else its first company, else none', () => {
    expect(mailInCompanyOf({ companyIds: [3, 5, 9], primaryCompanyIds: [9, 5] })).toBe(9);
    expect(mailInCompanyOf({ companyIds: [3, 5], primaryCompanyIds: [] })).toBe(3);
    expect(mailInCompanyOf({ companyIds: [], primaryCompanyIds: [] })).toBeNull();
  });
});

describe('the type and priority of a ticket by mail', () => {
  it('is Question at Medium priority', () => {
    expect(mailInTicketFields(DEFAULT_TYPES, DEFAULT_PRIORITIES)).toEqual({ type_id: TYPE.question, priority_id: PRIORITY.medium });
  });

  it("is the first item of an admin's list without them", () => {
    expect(mailInTicketFields([{ id: 9, name: 'Task' }, { id: 10, name: 'Bug' }], [{ id: 7, name: 'Soon' }])).toEqual({ type_id: 9, priority_id: 7 });
  });
});

describe('matching (docs/product/notifications-and-mail.md#matching)', () => {
  const client = (companyIds: number[], primaryCompanyIds: number[] = []): Viewer => ({ contactId: 5, groupId: GROUP_CLIENT, companyIds, primaryCompanyIds });
  const admin: Viewer = { contactId: 1, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] };
  const acmeTicket = { ticket_id: 12, company_id: 1 };
  const globexTicket = { ticket_id: 13, company_id: 2 };
  const facts = (over: Partial<MailInFacts>): MailInFacts => ({ sender: { active: true, viewer: client([1]) }, threadTicket: null, tokenTicket: null, ...over });

  it('holds mail from an unknown or a deactivated sender, whatever it names', () => {
    expect(decideMailIn(facts({ sender: null, threadTicket: acmeTicket }))).toEqual({ kind: 'held', reason: 'unknownSender' });
    expect(decideMailIn(facts({ sender: { active: false, viewer: client([1]) }, threadTicket: acmeTicket }))).toEqual({ kind: 'held', reason: 'inactiveSender' });
  });

  it('puts a reply on its ticket when the sender may see it, else holds it', () => {
    expect(decideMailIn(facts({ threadTicket: acmeTicket }))).toEqual({ kind: 'note', ticketId: 12, by: 'reply' });
    expect(decideMailIn(facts({ threadTicket: globexTicket }))).toEqual({ kind: 'held', reason: 'notAllowed' });
    expect(decideMailIn(facts({ sender: { active: true, viewer: admin }, threadTicket: globexTicket }))).toEqual({ kind: 'note', ticketId: 13, by: 'reply' });
  });

  it('lets the reply win over the subject token', () => {
    expect(decideMailIn(facts({ threadTicket: acmeTicket, tokenTicket: globexTicket }))).toEqual({ kind: 'note', ticketId: 12, by: 'reply' });
    expect(decideMailIn(facts({ threadTicket: globexTicket, tokenTicket: acmeTicket }))).toEqual({ kind: 'held', reason: 'notAllowed' });
  });

  it('holds a reply to a ticket that was deleted, and a token naming no ticket', () => {
    expect(decideMailIn(facts({ threadTicket: 'gone', tokenTicket: acmeTicket }))).toEqual({ kind: 'held', reason: 'ticketGone' });
    expect(decideMailIn(facts({ tokenTicket: 'gone' }))).toEqual({ kind: 'held', reason: 'ticketGone' });
  });

  it('puts a token mail on its ticket only for a sender who may see it', () => {
    expect(decideMailIn(facts({ tokenTicket: acmeTicket }))).toEqual({ kind: 'note', ticketId: 12, by: 'token' });
    expect(decideMailIn(facts({ tokenTicket: globexTicket }))).toEqual({ kind: 'held', reason: 'notAllowed' });
  });

  it("opens a ticket for a known contact's company, and holds the mail of a contact without one", () => {
    expect(decideMailIn(facts({ sender: { active: true, viewer: client([1, 2], [2]) } }))).toEqual({ kind: 'ticket', companyId: 2 });
    expect(decideMailIn(facts({ sender: { active: true, viewer: admin } }))).toEqual({ kind: 'held', reason: 'noCompany' });
  });

  it('has a sentence for every reason and a label for every outcome', () => {
    for (const text of [...Object.values(MAIL_IN_REASONS), ...Object.values(MAIL_IN_STATUS_LABELS)]) expect(text.length).toBeGreaterThan(3);
  });
});

describe('attaching a held message', () => {
  it('writes an internal note by default when its sender was not verified, a reply for any other reason', () => {
    expect(heldMailNoteVisibility(MAIL_IN_REASONS.senderNotVerified)).toBe('internal');
    for (const reason of ['unknownSender', 'inactiveSender', 'notAllowed', 'noCompany', 'ticketGone'] as const) {
      expect(heldMailNoteVisibility(MAIL_IN_REASONS[reason])).toBe('public');
    }
  });
});
