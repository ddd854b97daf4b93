import { MESSAGES } from '@portal/domain';
import { createTestApp, recordingMailer, type DemoCookies, type TestApp } from '../test-support/test-app';

let t: TestApp;
const mailbox = recordingMailer();
const mail = mailbox.sent;
let cookies: DemoCookies;
let acme: number;
let ids: Record<'agent' | 'client', number>;

beforeAll(async () => {
  t = await createTestApp({
    publicUrl: 'https://portal.example',
    mailer: mailbox.mailer,
  });
  cookies = await t.loginDemoUsers();
  acme = await t.companyId('Acme, LLC');
  ids = { agent: await t.contactId('agent@demo.test'), client: await t.contactId('client@demo.test') };
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  mailbox.reset();
});

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

test('company contacts: primary first, with title; for staff and the company\'s own clients', async () => {
  const res = await call('GET', `/api/company/${acme}/contacts`, cookies.client);
  expect(res.statusCode).toBe(200);
  expect(res.json().map((c: { email: string; primary: number; title: string }) => [c.email, c.primary, c.title])).toEqual([
    ['client@demo.test', 1, 'Marketing Director'], ['dana@acme.test', 0, 'Web Editor'],
  ]);
  expect(JSON.stringify(res.json())).not.toMatch(/password/);
  expect((await call('GET', `/api/company/${acme}/contacts`, cookies.client2)).statusCode).toBe(403);
});

test('the staff list: groups 1-4 only, staff only', async () => {
  const res = await call('GET', '/api/contact?group=staff', cookies.agent);
  expect(res.json().map((c: { group_id: number }) => c.group_id).sort()).toEqual([1, 2, 3, 4]);
  expect((await call('GET', '/api/contact?group=staff', cookies.client)).statusCode).toBe(403);
  expect((await call('GET', '/api/contact', cookies.agent)).statusCode).toBe(400);
});

test('company meta, by key; a missing key is 404', async () => {
  const all = (await call('GET', `/api/company/${acme}/meta`, cookies.agent)).json();
  expect(all.map((m: { meta_key: string }) => m.meta_key)).toEqual(expect.arrayContaining(['default_agent', 'type_assignments']));
  expect((await call('GET', `/api/company/${acme}/meta/default_agent`, cookies.client)).json()).toMatchObject({ meta_key: 'default_agent', meta_value: String(ids.agent) });
  expect((await call('GET', `/api/company/${acme}/meta/type_assignments`, cookies.agent)).json().meta_value).toBe('{}');
  expect((await call('GET', `/api/company/${acme}/meta/nothing_here`, cookies.agent)).statusCode).toBe(404);
  expect((await call('GET', `/api/options/type_assignments`, cookies.client)).json()).toEqual({ option_name: 'type_assignments', option_value: {} });
});

test('sendactivity and sendmail: staff mail a contact; a failure answers the catalogue text', async () => {
  const ticketId = (await t.app.repos.tickets.listForCompany(acme))[0]!.ticket_id;
  const sent = await call('POST', `/api/contact/${ids.client}/sendactivity`, cookies.agent, { activity: { ticket_id: ticketId, note: 'Done <script>x</script>' } });
  expect(sent.json()).toEqual({ ok: true });
  expect(mail[0]).toMatchObject({ to: 'client@demo.test' });
  expect(mail[0]!.text).toContain(`https://portal.example/clients/${acme}/tickets/${ticketId}`);
  expect(mail[0]!.html).not.toContain('<script>');
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.admin, { subject: 'Hello', message: 'Line' })).json()).toEqual({ ok: true });
  expect(mail[1]).toMatchObject({ to: 'client@demo.test', subject: 'Hello', text: 'Line' });

  mailbox.failing = true;
  expect((await call('POST', `/api/contact/${ids.client}/sendactivity`, cookies.agent, { activity: 'Note' })).json()).toEqual({ statusCode: 502, error: MESSAGES.activityEmailNotSent });
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.agent, { subject: 'S', message: 'M' })).json()).toEqual({ statusCode: 502, error: MESSAGES.noteNotSent });
  expect((await call('POST', `/api/contact/${ids.client}/sendmail`, cookies.agent, { subject: ' ', message: 'M' })).json().error).toBe(MESSAGES.noteNotSent);
  expect((await call('POST', `/api/contact/${ids.agent}/sendmail`, cookies.client, { subject: 'S', message: 'M' })).statusCode).toBe(403);
  expect((await call('POST', `/api/contact/999999/sendmail`, cookies.agent, { subject: 'S', message: 'M' })).statusCode).toBe(404);
});
