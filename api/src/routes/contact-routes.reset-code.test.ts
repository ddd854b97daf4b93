import { MESSAGES, RESET_CODE_VALID_MS } from '@portal/domain';
import { hashSecretToken } from '../password';
import { checkResetCode, newContactCode } from '../services/reset-codes';
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

test('a new mailed code replaces the old one', async () => {
  await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  const first = codeOf(mailbox.sent[0]?.text);
  await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
  const second = codeOf(mailbox.sent[1]?.text);
  expect(second).not.toBe(first);
  expect((await storedCodes(ids.dana)).map((row) => row.code_hash)).toEqual([hashSecretToken(second)]);
  expect(await checkResetCode(serviceContext(t.app), first)).toEqual({ ok: false, message: MESSAGES.resetCodeInvalid });
});

describe('the admin\'s link (GET): a read never replaces a valid code', () => {
  const linkOf = async (contactId: number) => {
    const res = await call('GET', `/api/contact/${contactId}/sendresetcode`, cookies.admin);
    expect(res.statusCode).toBe(200);
    return res.json().link as string;
  };

  test('asked twice, it answers the same link and the first stays valid; no mail is sent', async () => {
    await t.app.db.deleteFrom('contact_codes').where('contact_id', '=', ids.dana).execute();
    const first = await linkOf(ids.dana);
    expect(first).toMatch(/^https:\/\/portal\.example\/resetpassword\/[A-Za-z0-9_-]{40,}$/);
    const again = await linkOf(ids.dana);
    expect(again).toBe(first);
    expect(await checkResetCode(serviceContext(t.app), codeOf(first))).toEqual(expect.objectContaining({ ok: true, contactId: ids.dana }));
    expect((await storedCodes(ids.dana)).map((row) => row.code_hash)).toEqual([hashSecretToken(codeOf(first))]);
    expect(mailbox.sent).toEqual([]);
  });

  test('after a reset mail it shows the mailed link, which stays valid', async () => {
    await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
    const mailed = codeOf(mailbox.sent[0]?.text);
    expect(codeOf(await linkOf(ids.dana))).toBe(mailed);
    expect(await checkResetCode(serviceContext(t.app), mailed)).toEqual(expect.objectContaining({ ok: true }));
  });

  test('it makes a new code only when none is valid: none, expired, or used', async () => {
    const before = await linkOf(ids.dana);
    await t.app.db.updateTable('contact_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('contact_id', '=', ids.dana).execute();
    const afterExpiry = await linkOf(ids.dana);
    expect(afterExpiry).not.toBe(before);
    expect(await checkResetCode(serviceContext(t.app), codeOf(afterExpiry))).toEqual(expect.objectContaining({ ok: true }));
    const [row] = await storedCodes(ids.dana);
    expect(await t.app.repos.contactCodes.consume(row!.id)).toBe(true);
    const afterUse = await linkOf(ids.dana);
    expect(afterUse).not.toBe(afterExpiry);
    expect(await storedCodes(ids.dana)).toHaveLength(1);
  });

  test('a valid code it cannot show (made before, or under another SECRETS_KEY) is kept: 409, and the admin mails a new one', async () => {
    const { code, row } = newContactCode(ids.dana, 'reset', new Date());
    await t.app.db.transaction().execute((trx) => t.app.repos.contactCodes.replace(trx, row));
    const res = await call('GET', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
    expect(res.json()).toEqual({ statusCode: 409, error: MESSAGES.resetLinkPending });
    expect(await checkResetCode(serviceContext(t.app), code)).toEqual(expect.objectContaining({ ok: true }));
    await call('POST', `/api/contact/${ids.dana}/sendresetcode`, cookies.admin);
    expect(codeOf(await linkOf(ids.dana))).toBe(codeOf(mailbox.sent[0]?.text));
  });
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
