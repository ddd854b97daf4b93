import { MESSAGES, RESET_CODE_VALID_MS } from '@portal/domain';
import { hashSecretToken } from '../password';
import { checkResetCode } from '../services/reset-codes';
import { serviceContext } from '../services/service-context';
import { openDemoCast, recordingTransport, type DemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let send: DemoCast['call'];
let cookies: DemoCookies;
let ids: DemoIds;
const mailbox = recordingTransport();
/** Each request, then the job runner's sends: the mail it queued is in `mailbox.sent`. */
const call: DemoCast['call'] = async (...args) => {
  const res = await send(...args);
  await t.app.jobs.drain();
  return res;
};

const codeOf = (text: string | undefined) => /\/resetpassword\/([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';
const storedCodes = (contactId: number) => t.app.db.selectFrom('contact_codes').selectAll().where('contact_id', '=', contactId).execute();

beforeAll(async () => {
  ({ t, call: send, cookies, ids } = await openDemoCast({ publicUrl: 'https://portal.example', mailTransport: mailbox.transport }));
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => mailbox.reset());

test("an admin mails a contact a reset link; only the code's hash is stored, valid one day", async () => {
  const before = Date.now();
  const res = await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  expect(res.json()).toEqual({ sent: true, email: 'dana@acme.test' });
  expect(mailbox.sent).toHaveLength(1);
  const [mail] = mailbox.sent;
  expect(mail).toMatchObject({ to: 'dana@acme.test' });
  expect(mail?.text).toContain('https://portal.example/resetpassword/');
  expect(mail?.html).toContain('https://portal.example/resetpassword/');
  const code = codeOf(mail?.text);
  expect(code.length).toBeGreaterThanOrEqual(40);

  const rows = await storedCodes(ids.dana);
  expect(rows).toEqual([expect.objectContaining({ purpose: 'reset', code_hash: hashSecretToken(code) })]);
  expect(JSON.stringify(rows)).not.toContain(code);
  const life = Date.parse(rows[0]!.expires_at) - Date.parse(rows[0]!.date_created);
  expect(life).toBe(RESET_CODE_VALID_MS);
  expect(Date.parse(rows[0]!.date_created)).toBeGreaterThanOrEqual(before - 1000);
  expect(await checkResetCode(serviceContext(t.app), code)).toEqual({ ok: true, codeId: rows[0]!.id, contactId: ids.dana });
});

test('a new code replaces the old one; the admin link is a fresh code too, without a mail', async () => {
  await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  const first = codeOf(mailbox.sent[0]?.text);
  await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  const second = codeOf(mailbox.sent[1]?.text);
  expect(second).not.toBe(first);
  expect((await storedCodes(ids.dana)).map((row) => row.code_hash)).toEqual([hashSecretToken(second)]);
  expect(await checkResetCode(serviceContext(t.app), first)).toEqual({ ok: false, message: MESSAGES.resetCodeInvalid });

  mailbox.reset();
  const linked = await call('GET', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  expect(linked.statusCode).toBe(200);
  const link: string = linked.json().link;
  expect(link).toMatch(/^https:\/\/portal\.example\/resetpassword\/[A-Za-z0-9_-]{40,}$/);
  expect(mailbox.sent).toEqual([]);
  expect((await storedCodes(ids.dana)).map((row) => row.code_hash)).toEqual([hashSecretToken(codeOf(link))]);
});

test('the code check: expired after a day, gone once consumed, refused for a deactivated contact', async () => {
  const link: string = (await call('GET', `/api/contact/${ids.sam}/sendresetcode`, cookies.admin)).json().link;
  const code = codeOf(link);
  const [row] = await storedCodes(ids.sam);
  expect(await checkResetCode(serviceContext(t.app), code, new Date(Date.now() + RESET_CODE_VALID_MS + 60_000))).toEqual({ ok: false, message: MESSAGES.resetCodeExpired });
  await t.app.db.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', ids.sam).execute();
  try {
    expect(await checkResetCode(serviceContext(t.app), code)).toEqual({ ok: false, message: MESSAGES.contactNoLongerActive });
  } finally {
    await t.app.db.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', ids.sam).execute();
  }
  expect(await t.app.repos.contactCodes.consume(row!.id)).toBe(true);
  expect(await t.app.repos.contactCodes.consume(row!.id)).toBe(false);
  expect(await checkResetCode(serviceContext(t.app), code)).toEqual({ ok: false, message: MESSAGES.resetCodeInvalid });
});

test('unknown or deactivated contacts are 404; a mail that cannot be queued answers Reset code not sent. and keeps no code', async () => {
  expect((await call('POST', '/api/contact/999999/sendresetcode', cookies.admin)).json()).toEqual({ statusCode: 404, error: MESSAGES.contactNotFound });
  await t.app.db.updateTable('contacts').set({ active: 0 }).where('contact_id', '=', ids.sam).execute();
  try {
    expect((await call('GET', `/api/contact/${ids.sam}/sendresetcode`, cookies.admin)).statusCode).toBe(404);
  } finally {
    await t.app.db.updateTable('contacts').set({ active: 1 }).where('contact_id', '=', ids.sam).execute();
  }
  const client = await t.contactId('client@demo.test');
  jest.spyOn(t.app.repos.mailOutbox, 'add').mockRejectedValueOnce(new Error('database down'));
  const res = await call('POST', `/api/contact/${client}/sendresetcode`, cookies.admin);
  expect(res.json()).toEqual({ statusCode: 502, error: MESSAGES.resetCodeNotSent });
  expect(await storedCodes(client)).toEqual([]);
  expect((await call('POST', '/api/contact/abc/sendresetcode', cookies.admin)).json().error).toBe(MESSAGES.resetCodeNotSent);
});

test('only admins send reset codes', async () => {
  for (const cookie of [cookies.agent, cookies.client, cookies.client2]) {
    expect((await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/contact/${ids.dana}/sendresetcode`, cookie)).statusCode).toBe(403);
  }
  expect((await call('POST', `/api/contact/${ids.dana}/sendresetcode`)).statusCode).toBe(401);
});
