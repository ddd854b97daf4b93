import { createHmac } from 'node:crypto';
import { openDemoCast, recordingTransport, type DemoCast } from '../test-support/test-app';

// docs/product/notifications-and-mail.md#unsubscribe: mail people can stop. A digest carries
// List-Unsubscribe with a one-click POST (RFC 8058) that turns its kind off; mail about the reader's own
// request (a password reset) and mail to staff about their work carry none.

const mailbox = recordingTransport();
let cast: DemoCast;

beforeAll(async () => {
  cast = await openDemoCast({ publicUrl: 'https://portal.example', mailTransport: mailbox.transport, forgotRateLimit: { max: 1000, timeWindowMs: 3_600_000 } });
});
afterAll(async () => {
  await cast.t.close();
});

const prefsOf = async (contactId: number) => JSON.parse((await cast.t.app.repos.contacts.metaValue(contactId, 'note_prefs')) ?? '{}') as Record<string, boolean>;
const savePrefs = (prefs: { sendHourly: boolean; sendDaily: boolean; sendWeekly: boolean }) =>
  cast.call('PUT', `/api/contact/${cast.ids.client}/meta/note_prefs`, cast.cookies.client, { meta_key: 'note_prefs', meta_value: JSON.stringify(prefs) });

let hoursAhead = 0;

/** The hourly digest of a new notification to the demo client, sent through the outbox at the next hour not used yet; answers the mail. */
async function hourlyDigest(note: string) {
  hoursAhead += 1;
  const sent = await cast.call('POST', '/api/notifications', cast.cookies.agent, { contact_id: cast.ids.client, note });
  expect(sent.statusCode).toBe(201);
  const run = await cast.call('POST', '/api/jobs/digests/run', cast.cookies.admin, { at: new Date(Date.now() + hoursAhead * 60 * 60 * 1000).toISOString() });
  expect(run.statusCode).toBe(200);
  // The hourly one: on a day when the run's hour also starts a week (or a day), that digest carries the note too.
  const mail = mailbox.sent.filter((m) => m.to === 'client@demo.test' && (m.text ?? '').includes(note)
    && (m.headers?.['List-Unsubscribe'] ?? '').includes('.hourly.')).at(-1);
  expect(mail).toBeDefined();
  return mail!;
}

test('a digest carries List-Unsubscribe (one-click) naming its footer link; a reset mail and a new-ticket mail carry none', async () => {
  expect((await savePrefs({ sendHourly: true, sendDaily: false, sendWeekly: false })).statusCode).toBe(200);
  const digest = await hourlyDigest(`Digest ${Date.now()}`);
  const header = digest.headers?.['List-Unsubscribe'] ?? '';
  expect(header).toMatch(new RegExp(`^<https://portal\\.example/api/contact/unsubscribe/${cast.ids.client}\\.hourly\\.[\\w-]{43}>$`));
  expect(digest.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(digest.text).toContain(`Unsubscribe from hourly e-mails: ${header.slice(1, -1)}`);

  expect((await cast.call('POST', '/api/auth/forgot', undefined, { email: 'dana@acme.test' })).statusCode).toBe(200);
  const ticket = await cast.call('POST', '/api/ticket', cast.cookies.client, {
    type_id: 1, title: 'Unsubscribe check', description: 'No link here.', priority_id: 2, company_id: cast.ids.acme, estimate_required: 0,
  });
  expect(ticket.statusCode).toBe(201);
  await cast.t.app.jobs.drain();
  const reset = mailbox.sent.filter((m) => m.to === 'dana@acme.test' && m.subject === 'Set your support portal password').at(-1);
  const newTicket = mailbox.sent.filter((m) => m.to === 'admin@demo.test' && m.subject.includes('Unsubscribe check')).at(-1);
  for (const mail of [reset, newTicket]) {
    expect(mail).toBeDefined();
    expect(mail!.headers ?? {}).not.toHaveProperty('List-Unsubscribe');
    expect(mail!.headers ?? {}).not.toHaveProperty('List-Unsubscribe-Post');
    expect(mail!.text).not.toContain('/api/contact/unsubscribe/');
  }
});

test('the one-click POST as mail programs send it (multipart) turns the kind off; GET and HEAD leave it on', async () => {
  await savePrefs({ sendHourly: true, sendDaily: false, sendWeekly: true });
  const digest = await hourlyDigest(`One click ${Date.now()}`);
  const url = new URL(digest.headers!['List-Unsubscribe']!.slice(1, -1)).pathname;

  for (const method of ['GET', 'HEAD'] as const) expect((await cast.t.app.inject({ method, url })).statusCode).toBe(200);
  expect(await prefsOf(cast.ids.client)).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: true });

  const boundary = 'portal-test-boundary';
  const res = await cast.t.app.inject({
    method: 'POST', url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
  });
  expect(res.statusCode).toBe(200);
  expect(await prefsOf(cast.ids.client)).toEqual({ sendHourly: false, sendDaily: false, sendWeekly: true });
});

test('a link of a digest sent before links named a kind still stops every kind; a changed address makes links invalid', async () => {
  await savePrefs({ sendHourly: true, sendDaily: true, sendWeekly: true });
  const key = await cast.t.app.repos.appSecrets.getOrCreate('unsubscribe-link-key', 'unused');
  const legacy = `${cast.ids.client}.${createHmac('sha256', key).update(`unsubscribe:${cast.ids.client}:client@demo.test`).digest('base64url')}`;
  const res = await cast.t.app.inject({ method: 'POST', url: `/api/contact/unsubscribe/${legacy}` });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('You will no longer receive e-mail notifications.');
  expect(await prefsOf(cast.ids.client)).toEqual({ sendHourly: false, sendDaily: false, sendWeekly: false });

  await savePrefs({ sendHourly: true, sendDaily: false, sendWeekly: false });
  const digest = await hourlyDigest(`Before the change ${Date.now()}`);
  const url = new URL(digest.headers!['List-Unsubscribe']!.slice(1, -1)).pathname;
  await cast.t.app.db.updateTable('contacts').set({ email: 'client-renamed@demo.test' }).where('contact_id', '=', cast.ids.client).execute();
  try {
    expect((await cast.t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await cast.t.app.inject({ method: 'POST', url })).statusCode).toBe(404);
    expect(await prefsOf(cast.ids.client)).toEqual({ sendHourly: true, sendDaily: false, sendWeekly: false });
  } finally {
    await cast.t.app.db.updateTable('contacts').set({ email: 'client@demo.test' }).where('contact_id', '=', cast.ids.client).execute();
  }
});
