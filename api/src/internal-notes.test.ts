jest.mock('fastify', () => jest.requireActual('./test-support/route-table').recordingFastify(jest.requireActual('fastify')));

import type { Activity, Attachment } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { InjectOptions } from 'fastify';
import { aTicket } from './test-support/factories';
import { listeningUrl, openLiveStream, staleKeys, type LiveStreamClient } from './test-support/live-stream';
import { PNG_BYTES, multipartBody } from './test-support/multipart';
import { rawMail } from './test-support/raw-mail';
import { apiRoutes } from './test-support/route-table';
import { openDemoCast, type DemoCast } from './test-support/test-app';
import { processMail } from './services/mail-in/process-mail';
import { serviceContext } from './services/service-context';

// Internal notes (docs/product/tickets.md#internal-notes): an agent writes one with a secret word and a file; the
// client of the ticket's company then walks every read route of the API, its live stream, search and its mail,
// and meets the secret nowhere, while staff find it where notes are read.

const SECRET = 'zebracorn';
/** What a search types: the start of the secret (search matches word prefixes), so an answer echoing it does not hold it. */
const TYPED = 'zebraco';
const MX = 'mx.portal.test';
const dmarcPass = (address: string) => {
  const domain = address.split('@')[1]!;
  return `Authentication-Results: ${MX}; spf=pass smtp.mailfrom=${domain}; dmarc=pass (p=reject) header.from=${domain}`;
};

let cast: DemoCast;
beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailInSenderCheck: { on: true, trustedAuthserv: [MX], verifyDkim: false } });
});
afterAll(async () => {
  await cast.t.close();
});

const db = () => cast.t.app.db;
const upload = (name: string) => multipartBody([{ filename: name, content: PNG_BYTES }]);
const acmeTicket = (title: string) => aTicket(cast.t.app, { company_id: cast.ids.acme, contact_id: cast.ids.client, title });
const feedOf = async (ticketId: number, cookie: string) => (await cast.call('GET', `/api/ticket/${ticketId}/activity`, cookie)).json() as Activity[];

async function uploadTo(ticketId: number, cookie: string, name: string, query = '') {
  const { payload, headers } = upload(name);
  return cast.t.app.inject({ method: 'POST', url: `/api/ticket/${ticketId}/attachments${query}`, headers: { ...headers, cookie }, payload });
}

describe('writing an internal note', () => {
  test('is for staff: a client asking for one is refused and nothing is written', async () => {
    const ticketId = await acmeTicket('Who may whisper');
    const refused = await cast.call('POST', '/api/activity', cast.cookies.client, { ticket_id: ticketId, note: 'Psst', internal: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: MESSAGES.internalNoteStaffOnly });
    const file = await uploadTo(ticketId, cast.cookies.client, 'psst.png', '?internal=true');
    expect(file.statusCode).toBe(403);
    expect(await feedOf(ticketId, cast.cookies.agent)).toEqual([]);
    expect((await cast.call('GET', `/api/ticket/${ticketId}/attachments`, cast.cookies.agent)).json()).toEqual([]);

    const reply = await cast.call('POST', '/api/activity', cast.cookies.client, { ticket_id: ticketId, note: 'A public question' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ note: 'A public question', internal: false });
  });

  test('by staff answers it as internal; a reply stays public by default; a bad flag is refused', async () => {
    const ticketId = await acmeTicket('Staff whispers');
    const internal = await cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'Margins are thin', internal: true });
    expect(internal.statusCode).toBe(201);
    expect(internal.json()).toMatchObject({ note: 'Margins are thin', internal: true });
    const reply = await cast.call('POST', '/api/activity', cast.cookies.admin, { ticket_id: ticketId, note: 'On it' });
    expect(reply.json()).toMatchObject({ internal: false });
    expect((await cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'x', internal: 'yes' })).statusCode).toBe(400);

    expect((await feedOf(ticketId, cast.cookies.agent)).map((note) => [note.note, note.internal])).toEqual([['On it', false], ['Margins are thin', true]]);
    expect((await feedOf(ticketId, cast.cookies.client)).map((note) => note.note)).toEqual(['On it']);
  });
});

describe('a client never receives an internal note', () => {
  let ticketId: number;
  let noteId: number;
  let fileId: number;
  let clientStream: LiveStreamClient;
  let agentStream: LiveStreamClient;
  /** What the client's stream had heard once staff's stream had heard of the internal note and its file. */
  let clientKeysAfterInternal: string[];

  beforeAll(async () => {
    ticketId = await acmeTicket('Hosting move');
    const base = await listeningUrl(cast.t.app);
    [clientStream, agentStream] = await Promise.all([openLiveStream(base, cast.cookies.client), openLiveStream(base, cast.cookies.agent)]);
    await Promise.all([clientStream.next((e) => e.event === 'ready'), agentStream.next((e) => e.event === 'ready')]);

    const note = await cast.call('POST', '/api/activity', cast.cookies.agent, {
      ticket_id: ticketId, note: `The old host's password is ${SECRET}42; the client pays too little.`, internal: true,
    });
    expect(note.statusCode).toBe(201);
    noteId = (note.json() as Activity).activity_id;
    const file = await uploadTo(ticketId, cast.cookies.agent, `${SECRET}-credentials.png`, '?internal=true');
    expect(file.statusCode).toBe(201);
    fileId = (file.json() as Attachment[])[0]!.attachment_id;
    expect(file.json()).toMatchObject([{ internal: true }]);
    await agentStream.next((e) => e.event === 'stale' && e.data.includes(`/ticket/${ticketId}/attachments`));
    await agentStream.next((e) => e.event === 'stale' && e.data.includes(`/ticket/${ticketId}/activity`));
    clientKeysAfterInternal = staleKeys(clientStream);

    // Mailing it: never to the client, whether it is named or its words are pasted; to staff it says what it is.
    const named = await cast.call('POST', `/api/contact/${cast.ids.client}/sendactivity`, cast.cookies.agent,
      { activity: { note: 'anything', ticket_id: ticketId, activity_id: noteId } });
    expect(named.statusCode).toBe(400);
    expect(named.json()).toMatchObject({ error: MESSAGES.activityEmailNotSent });
    const pasted = await cast.call('POST', `/api/contact/${cast.ids.client}/sendactivity`, cast.cookies.agent,
      { activity: { note: `The old host's password is ${SECRET}42; the client pays too little.`, ticket_id: ticketId } });
    expect(pasted.statusCode).toBe(400);
    const toAdmin = await cast.call('POST', `/api/contact/${cast.ids.admin}/sendactivity`, cast.cookies.agent,
      { activity: { note: 'ignored: the note is read', ticket_id: ticketId, activity_id: noteId } });
    expect(toAdmin.statusCode).toBe(200);

    // Then a public reply: the client's stream hears of it, which shows it was listening all along.
    await cast.call('POST', '/api/activity', cast.cookies.agent, { ticket_id: ticketId, note: 'We are moving your site tonight.' });
    await clientStream.next((e) => e.event === 'stale' && e.data.includes(`/ticket/${ticketId}/activity`));
  });
  afterAll(() => {
    clientStream.close();
    agentStream.close();
  });

  /** Every GET route of the API with its parameters filled from the story's ids, bare and with the start of the secret as the search text. */
  function everyRead(): InjectOptions[] {
    const ids = [ticketId, cast.ids.acme, cast.ids.client, cast.ids.agent, noteId];
    const values: Record<string, readonly (string | number)[]> = {
      id: ids, attachment_id: [fileId], target_type: ['ticket'], offset: [0], messageId: [1], invoiceId: [1],
      name: ['status-defaults'], key: ['notes'], code: ['nothing'], token: ['nothing'], customerId: ['nothing'],
    };
    const reads: InjectOptions[] = [];
    for (const route of apiRoutes(cast.t.app)) {
      if (route.method !== 'GET' || route.url === '/api/events') continue;
      let urls = [route.url];
      for (const param of route.url.match(/:[A-Za-z_]+/g) ?? []) {
        const candidates = values[param.slice(1)] ?? [1];
        urls = urls.flatMap((url) => candidates.map((value) => url.replace(param, String(value))));
      }
      for (const url of urls) for (const query of ['', `?q=${TYPED}`]) reads.push({ method: 'GET', url: `${url}${query}` });
    }
    return reads;
  }

  async function readAll(cookie: string): Promise<{ url: string; status: number; text: string }[]> {
    const answers = [];
    for (const read of everyRead()) {
      const res = await cast.t.app.inject({ ...read, headers: { cookie } });
      answers.push({ url: String(read.url), status: res.statusCode, text: `${JSON.stringify(res.headers)}\n${res.body}`.toLowerCase() });
    }
    return answers;
  }

  test('through any read route of the API, while staff read it where notes are read', async () => {
    const client = await readAll(cast.cookies.client);
    expect(client.length).toBeGreaterThan(200);
    expect(client.filter((answer) => answer.text.includes(SECRET)).map((answer) => answer.url)).toEqual([]);
    // The reads did reach the ticket: its public reply is there for the client.
    expect(client.find((answer) => answer.url === `/api/ticket/${ticketId}/activity`)?.text).toContain('moving your site tonight');
    expect(client.find((answer) => answer.url === `/api/attachments/${fileId}/download`)?.status).toBe(404);

    const staff = await readAll(cast.cookies.agent);
    const found = new Set(staff.filter((answer) => answer.text.includes(SECRET)).map((answer) => answer.url.split('?')[0]));
    expect([...found]).toEqual(expect.arrayContaining([
      `/api/ticket/${ticketId}/activity`, '/api/search', `/api/ticket/${ticketId}/attachments`, `/api/attachments/${fileId}/download`,
    ]));
  }, 120_000);

  test('through search: no match, no snippet, no count', async () => {
    const notesFound = async (cookie: string, query = '') =>
      ((await cast.call('GET', `/api/search?q=${TYPED}&group=notes${query}`, cookie)).json() as { notes: { total: number } }).notes.total;
    expect(await notesFound(cast.cookies.client)).toBe(0);
    expect(await notesFound(cast.cookies.client, `&company=${cast.ids.acme}`)).toBe(0);
    expect(await notesFound(cast.cookies.agent)).toBe(1);
    expect(await notesFound(cast.cookies.agent, `&company=${cast.ids.acme}`)).toBe(1);
  });

  test('through the live stream: it is not even told that something was written', async () => {
    // Staff's stream had heard of both before the public reply was written; the client's had heard of neither.
    expect(clientKeysAfterInternal.filter((key) => key.startsWith(`/ticket/${ticketId}/`))).toEqual([]);
    expect(staleKeys(clientStream)).toContain(`/ticket/${ticketId}/activity`);
    expect(staleKeys(clientStream)).not.toContain(`/ticket/${ticketId}/attachments`);
    expect(clientStream.events.some((event) => event.data.toLowerCase().includes(SECRET))).toBe(false);
  });

  test('through mail or notifications: nothing addressed to a client carries it; the staff mail is marked', async () => {
    const clients = await db().selectFrom('contacts').select('email').where('group_id', '=', 5).execute();
    const clientAddresses = new Set(clients.map((row) => row.email.toLowerCase()));
    const outbox = await db().selectFrom('mail_outbox').selectAll().execute();
    const toClients = outbox.filter((mail) => clientAddresses.has(mail.to_address.toLowerCase()));
    expect(toClients.filter((mail) => `${mail.subject}${mail.text}${mail.html}`.toLowerCase().includes(SECRET))).toEqual([]);
    const toAdmin = outbox.filter((mail) => mail.to_address === 'admin@demo.test' && (mail.text ?? '').includes(SECRET));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]!.subject).toBe(`Internal note on ticket [#${ticketId}]: Hosting move`);
    expect(toAdmin[0]!.text).toMatch(/^\*\*Internal note\*\*/);
    const notes = await db().selectFrom('notifications').select('note').where('contact_id', '=', cast.ids.client).execute();
    expect(notes.filter((row) => row.note.toLowerCase().includes(SECRET))).toEqual([]);
  });
});

describe('mail in', () => {
  const ctx = () => serviceContext(cast.t.app);
  const lastMailTo = async (address: string) =>
    db().selectFrom('mail_outbox').selectAll().where('to_address', '=', address).orderBy('id', 'desc').executeTakeFirstOrThrow();
  async function reply(from: string, to: { message_id: string | null; subject: string }, text: string) {
    const raw = Buffer.concat([
      Buffer.from(`${dmarcPass(from)}\r\n`),
      await rawMail({ from, subject: `Re: ${to.subject}`, inReplyTo: to.message_id!, references: to.message_id!, text,
        attachments: [{ filename: 'reply.png', content: PNG_BYTES }] }),
    ]);
    return (await processMail(ctx(), { raw, uid: null })).result;
  }

  test("a staff member's answer to mail about an internal note is internal, files too; an answer to a reply is public", async () => {
    const ticketId = await acmeTicket('Answered by mail');
    const note = await cast.call('POST', '/api/activity', cast.cookies.admin, { ticket_id: ticketId, note: 'Check the invoice first', internal: true });
    const noteId = (note.json() as Activity).activity_id;
    expect((await cast.call('POST', `/api/contact/${cast.ids.agent}/sendactivity`, cast.cookies.admin,
      { activity: { note: 'x', ticket_id: ticketId, activity_id: noteId } })).statusCode).toBe(200);
    const internalMail = await lastMailTo('agent@demo.test');
    expect(await reply('agent@demo.test', internalMail, 'Done: it was paid twice.')).toMatchObject({ status: 'note', ticketId });

    expect((await cast.call('POST', `/api/contact/${cast.ids.agent}/sendactivity`, cast.cookies.admin,
      { activity: { note: 'A public update', ticket_id: ticketId } })).statusCode).toBe(200);
    const publicMail = await lastMailTo('agent@demo.test');
    expect(await reply('agent@demo.test', publicMail, 'Told the client it is fixed.')).toMatchObject({ status: 'note', ticketId });

    const staffFeed = await feedOf(ticketId, cast.cookies.agent);
    expect(staffFeed.map((item) => [item.note, item.internal])).toEqual([
      ['Told the client it is fixed.', false], ['Done: it was paid twice.', true], ['Check the invoice first', true],
    ]);
    expect((await feedOf(ticketId, cast.cookies.client)).map((item) => item.note)).toEqual(['Told the client it is fixed.']);
    const files = (await cast.call('GET', `/api/ticket/${ticketId}/attachments`, cast.cookies.agent)).json() as Attachment[];
    expect(files.map((file) => file.internal)).toEqual([true, false]);
    expect(((await cast.call('GET', `/api/ticket/${ticketId}/attachments`, cast.cookies.client)).json() as Attachment[]).map((file) => file.attachment_id))
      .toEqual([files[1]!.attachment_id]);
  });
});
