import { aTicket } from '../../test-support/factories';
import { rawMail, type RawMailOptions } from '../../test-support/raw-mail';
import { openDemoCast, type DemoCast } from '../../test-support/test-app';
import { serviceContext, type ServiceContext } from '../service-context';
import { processMail } from './process-mail';

// Cc of mail in (docs/product/tickets.md#followers-and-cc): a known contact of the ticket's company in Cc of a new
// mail or a reply follows the ticket; any other address is listed for staff and never mailed; only a verified
// sender's Cc counts.

const MX = 'mx.portal.test';
let cast: DemoCast;
let ctx: ServiceContext;
beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailInSenderCheck: { on: true, trustedAuthserv: [MX], verifyDkim: false } });
  ctx = serviceContext(cast.t.app);
});
afterAll(() => cast.t.close());

const db = () => cast.t.app.db;
let counter = 0;
const domainOf = (from: string) => /@([^>\s]+)/.exec(from)?.[1]?.toLowerCase() ?? '';
const dmarcPass = (from: string) => `Authentication-Results: ${MX}; spf=pass smtp.mailfrom=${domainOf(from)}; dmarc=pass (p=reject) header.from=${domainOf(from)}`;

async function receive(options: RawMailOptions, verified = true) {
  const built = await rawMail(options);
  const raw = verified ? Buffer.concat([Buffer.from(`${dmarcPass(options.from)}\r\n`), built]) : built;
  return (await processMail(ctx, { raw, uid: ++counter })).result;
}

const followersOf = (ticketId: number) =>
  db().selectFrom('ticket_followers').select('contact_id').where('ticket_id', '=', ticketId).orderBy('contact_id').execute().then((rows) => rows.map((r) => r.contact_id));
const ccListOf = (ticketId: number) =>
  db().selectFrom('ticket_cc_addresses').select('address').where('ticket_id', '=', ticketId).orderBy('id').execute().then((rows) => rows.map((r) => r.address));
const outboxTo = (to: string) => db().selectFrom('mail_outbox').select(['subject', 'text']).where('to_address', '=', to).execute();

describe('Cc of mail in', () => {
  test('a new mail: the company’s contact in Cc follows the new ticket; an unknown address and another company’s contact are listed, never mailed', async () => {
    const result = await receive({
      from: 'Casey Client <client@demo.test>', subject: 'Cc test one', text: 'Please fix',
      headers: { Cc: 'Dana Doe <DANA@acme.test>, stranger@elsewhere.test, Blake <client2@demo.test>, support@portal.test' },
    });
    expect(result.status).toBe('ticket');
    const ticketId = result.ticketId!;
    expect(await followersOf(ticketId)).toEqual([cast.ids.dana]);
    expect(await ccListOf(ticketId)).toEqual(['stranger@elsewhere.test', 'client2@demo.test']);
    expect(await outboxTo('stranger@elsewhere.test')).toEqual([]);
    expect((await outboxTo('client2@demo.test')).filter((mail) => mail.subject.includes('Cc test one'))).toEqual([]);
  });

  test('a reply: the Cc’d contact follows; the followers already there are told of the note, the Cc’d ones are not mailed it again', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, contact_id: cast.ids.client, title: 'Cc test two' });
    await db().insertInto('ticket_followers').values({ ticket_id: ticketId, contact_id: cast.ids.sam, added_by: null, date_added: new Date().toISOString() }).execute();
    const result = await receive({
      from: 'Casey Client <client@demo.test>', subject: `Re: Cc test two [#${ticketId}]`, text: 'Any news?',
      headers: { Cc: 'dana@acme.test, new.person@acme.test' },
    });
    expect(result).toMatchObject({ status: 'note', ticketId });
    expect(await followersOf(ticketId)).toEqual([cast.ids.sam, cast.ids.dana].sort((a, b) => a - b));
    expect(await ccListOf(ticketId)).toEqual(['new.person@acme.test']);
    expect((await outboxTo('sam.support@demo.test')).filter((mail) => mail.subject.includes('Cc test two'))).toHaveLength(1);
    expect((await outboxTo('dana@acme.test')).filter((mail) => mail.subject.includes('Cc test two'))).toEqual([]);
    expect(await outboxTo('new.person@acme.test')).toEqual([]);
  });

  test('a reply-all by the Cc’d contact to the mail that opened the ticket is a note on it, not a new ticket', async () => {
    const opening = '<opening-cc-test@acme.test>';
    const opened = await receive({
      from: 'Casey Client <client@demo.test>', subject: 'Cc test four', text: 'The form is broken', messageId: opening, headers: { Cc: 'dana@acme.test' },
    });
    expect(opened.status).toBe('ticket');
    const reply = await receive({
      from: 'Dana Doe <dana@acme.test>', subject: 'Re: Cc test four', text: 'Also on the contact page.', inReplyTo: opening, references: opening,
      headers: { Cc: 'client@demo.test' },
    });
    expect(reply).toMatchObject({ status: 'note', ticketId: opened.ticketId });
    // The requester in Cc of it stays the requester, not a follower.
    expect(await followersOf(opened.ticketId!)).toEqual([cast.ids.dana]);
    const stranger = await receive({ from: 'Blake <client2@demo.test>', subject: 'Re: Cc test four', text: 'Me too', inReplyTo: opening, references: opening });
    expect(stranger.status).toBe('held');
  });

  test('a sender who is not verified adds no one: the mail is held and its Cc ignored', async () => {
    const ticketId = await aTicket(cast.t.app, { company_id: cast.ids.acme, contact_id: cast.ids.client, title: 'Cc test three' });
    const result = await receive({
      from: 'Casey Client <client@demo.test>', subject: `Re: Cc test three [#${ticketId}]`, text: 'Forged', headers: { Cc: 'dana@acme.test, x@y.test' },
    }, false);
    expect(result.status).toBe('held');
    expect(await followersOf(ticketId)).toEqual([]);
    expect(await ccListOf(ticketId)).toEqual([]);
  });
});
