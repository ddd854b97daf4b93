import { MESSAGES, MODE, VERIFY_CODE_VALID_MS } from '@portal/domain';
import { verifyPassword } from '../password';
import { aCompany } from '../test-support/factories';
import { openDemoCast, type DemoCast, type DemoCookies, type DemoIds, type TestApp } from '../test-support/test-app';

let t: TestApp;
let call: DemoCast['call'];
let cookies: DemoCookies;
let ids: DemoIds;
let dana: string;

const person = (email: string, extra: object = {}) => ({ title: 'Designer', first_name: 'Erin', last_name: 'Evans', email, phone: '555-777-1234', ...extra });
const contactsOf = async (companyId: number) =>
  (await call('GET', `/api/company/${companyId}/contacts`, cookies.admin)).json().map((c: { email: string }) => c.email);
const outboxTo = (app: TestApp['app'], to: string) => app.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id').execute();
/** Everything of a person another company could change: the row, its links, its meta and its codes. */
async function everythingOf(app: TestApp['app'], contactId: number) {
  const contact = await app.db.selectFrom('contacts').selectAll().where('contact_id', '=', contactId).executeTakeFirst();
  const links = await app.db.selectFrom('company_contacts').selectAll().where('contact_id', '=', contactId).orderBy('company_id').execute();
  const meta = await app.db.selectFrom('contact_meta').select(['meta_key', 'meta_value']).where('contact_id', '=', contactId).orderBy('meta_key').execute();
  const codes = await app.db.selectFrom('contact_codes').selectAll().where('contact_id', '=', contactId).orderBy('id').execute();
  return { contact, links, meta, codes };
}

beforeAll(async () => {
  ({ t, call, cookies, ids } = await openDemoCast());
  dana = await t.login('dana@acme.test');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/company/:id/contacts', () => {
  test('a new e-mail makes an active, unconfirmed client with an unusable password, linked to the company, and invites it by mail', async () => {
    const res = await call('POST', `/api/company/${ids.acme}/contacts`, cookies.client, person(' Erin@Acme.test '));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ invited: true, email: 'erin@acme.test' });
    const stored = await t.app.repos.contacts.findByEmail('erin@acme.test');
    expect(stored).toMatchObject({ active: 1, group_id: 5, first_name: 'Erin', last_name: 'Evans', phone: '555-777-1234' });
    expect(stored?.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword('', stored?.password_hash)).toBe(false);
    expect(await t.app.repos.contacts.metaValue(stored!.contact_id, 'verified')).toBe('0');
    expect(await contactsOf(ids.acme)).toContain('erin@acme.test');
    const [mail] = await outboxTo(t.app, 'erin@acme.test');
    expect(mail?.subject).toBe('You were added to the support portal');
    expect(mail?.text).toMatch(/Acme, LLC added you as a contact/);
    expect(mail?.text).toMatch(/\/verifyemail\/[\w-]+/);
    expect(mail?.text).toMatch(/\/resetpassword\/[\w-]+/);
  });

  test('an address someone has elsewhere answers exactly as a new one, changes nothing of theirs and tells them by mail', async () => {
    const blake = await t.app.repos.contacts.findByEmail('client2@demo.test');
    const before = await everythingOf(t.app, blake!.contact_id);
    for (const [cookie, companyId] of [[cookies.client, ids.acme], [cookies.agent, await aCompany(t.app, 'Inviting Co', MODE.active)]] as const) {
      const fresh = await call('POST', `/api/company/${companyId}/contacts`, cookie, person(`nobody-yet-${companyId}@acme.test`));
      const taken = await call('POST', `/api/company/${companyId}/contacts`, cookie, person('Client2@demo.test', { first_name: 'Mallory', primary: 1 }));
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
      expect(taken.headers['content-type']).toBe(fresh.headers['content-type']);
      expect(taken.json()).toEqual({ invited: true, email: 'client2@demo.test' });
      expect(await contactsOf(companyId)).not.toContain('client2@demo.test');
    }
    expect(await everythingOf(t.app, blake!.contact_id)).toEqual(before);
    const told = await outboxTo(t.app, 'client2@demo.test');
    expect(told.map((mail) => mail.subject)).toEqual(['A company tried to add you to the support portal', 'A company tried to add you to the support portal']);
    expect(told[0]!.text).toMatch(/Acme, LLC tried to add client2@demo\.test as one of its contacts/);
    expect(told[0]!.text).not.toMatch(/resetpassword|verifyemail/);
    // An address already in the company's own list is the list's duplicate, as the editor says before asking.
    const ownRefused = await call('POST', `/api/company/${ids.acme}/contacts`, cookies.client, person('dana@acme.test'));
    expect(ownRefused.json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });
  });

  test("an e-mail someone already has: an admin links that contact", async () => {
    const co = await aCompany(t.app, 'Linking Co', MODE.active);

    const linked = await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('Client2@demo.test', { title: 'Advisor', primary: '1' }));
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({ email: 'client2@demo.test', first_name: 'Blake', title: 'Advisor', primary: 1 });
    const again = await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('client2@demo.test'));
    expect(again.json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });

    const byId = await call('POST', `/api/company/${co}/contacts`, cookies.admin, { contact_id: ids.sam, title: 'Support' });
    expect(byId.json()).toMatchObject({ contact_id: ids.sam, title: 'Support', primary: 0 });
    expect((await call('POST', `/api/company/${co}/contacts`, cookies.agent, { contact_id: ids.agent })).statusCode).toBe(403);
    expect((await call('POST', `/api/company/${co}/contacts`, cookies.admin, { contact_id: 999_999 })).statusCode).toBe(404);
  });

  test('the contacts editor rules answer their own messages', async () => {
    const add = (body: object) => call('POST', `/api/company/${ids.acme}/contacts`, cookies.client, body);
    expect((await add(person('bad-phone@acme.test', { phone: '5557771234' }))).json()).toEqual({ statusCode: 400, error: MESSAGES.invalidPhone });
    expect((await add(person('erin@acme'))).json()).toEqual({ statusCode: 400, error: MESSAGES.invalidEmail });
    expect((await add(person('blank@acme.test', { title: ' ' }))).json()).toEqual({ statusCode: 400, error: MESSAGES.fillAllFields });
    expect((await add({ nothing: true })).json()).toEqual({ statusCode: 400, error: MESSAGES.companyContactNotCreated });
  });

  test('only staff and the primary contacts of the company add contacts', async () => {
    expect((await call('POST', `/api/company/${ids.acme}/contacts`, dana, person('dana-friend@acme.test'))).statusCode).toBe(403);
    expect((await call('POST', `/api/company/${ids.acme}/contacts`, cookies.client2, person('spy@acme.test'))).statusCode).toBe(403);
    expect((await call('POST', `/api/company/${ids.acme}/contacts`, cookies.agent, person('agent-added@acme.test'))).statusCode).toBe(201);
    expect((await call('POST', '/api/company/999999/contacts', cookies.admin, person('nowhere@acme.test'))).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /api/company/:id/contacts/:contactId', () => {
  test("the primary contact edits a client's fields and the link's title and primary flag", async () => {
    const res = await call('PUT', `/api/company/${ids.acme}/contacts/${ids.dana}`, cookies.client, {
      company_id: ids.acme, contact_id: ids.dana, title: 'Lead Editor', first_name: 'Dana', last_name: 'Doe-Ray', email: 'dana@acme.test', phone: '555-020-0099', primary: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contact_id: ids.dana, title: 'Lead Editor', last_name: 'Doe-Ray', phone: '555-020-0099', primary: 1 });
    expect((await call('PUT', `/api/company/${ids.acme}/contacts/${ids.dana}`, cookies.client, { primary: 0 })).json().primary).toBe(0);
  });

  test("an e-mail another contact has is 409; a contact not linked here is 404; a mismatched body 400", async () => {
    const put = (contactId: number, body: object, cookie = cookies.client) => call('PUT', `/api/company/${ids.acme}/contacts/${contactId}`, cookie, body);
    expect((await put(ids.dana, { email: 'Agent@demo.test' })).json()).toEqual({ statusCode: 409, error: MESSAGES.emailAlreadyUsed });
    expect((await put(ids.dana, { phone: '12' })).json()).toEqual({ statusCode: 400, error: MESSAGES.invalidPhone });
    expect((await put(ids.sam, { title: 'x' })).statusCode).toBe(404);
    expect((await put(ids.dana, { contact_id: ids.sam, title: 'x' })).statusCode).toBe(400);
    expect((await put(ids.dana, { title: 'x' }, dana)).statusCode).toBe(403);
  });

  test("nobody but an admin or the person changes a staff member's e-mail through a company", async () => {
    const co = await aCompany(t.app, 'Staffed Co', MODE.active);
    await t.app.repos.companyContacts.link(t.app.db, { company_id: co, contact_id: ids.sam, title: 'Support' });
    await t.app.repos.companyContacts.link(t.app.db, { company_id: co, contact_id: ids.client, title: 'Owner', primary: 1 });
    // What the linking route publishes: the held sessions of both re-read their companies.
    t.app.events.publish({ kind: 'company', companyId: co, members: [ids.sam, ids.client] });
    const put = (body: object, cookie: string) => call('PUT', `/api/company/${co}/contacts/${ids.sam}`, cookie, body);
    expect((await put({ email: 'taken-over@acme.test' }, cookies.client)).statusCode).toBe(403);
    expect((await put({ email: 'taken-over@acme.test' }, cookies.agent)).statusCode).toBe(403);
    expect((await put({ title: 'Our developer' }, cookies.client)).json().title).toBe('Our developer');
    expect((await put({ first_name: 'Sam', last_name: 'Support', email: 'sam.support@demo.test', phone: '555-010-0003', title: 'Dev' }, cookies.client)).statusCode).toBe(200);
    expect((await put({ phone: '555-010-0033' }, cookies.admin)).json().phone).toBe('555-010-0033');
  });

  test('removing unlinks only: the contact stays in the system', async () => {
    const added = (await call('POST', `/api/company/${ids.acme}/contacts`, cookies.admin, person('leaving@acme.test'))).json();
    const res = await call('DELETE', `/api/company/${ids.acme}/contacts/${added.contact_id}`, cookies.client);
    expect(res.json()).toEqual({ deleted: 1 });
    expect(await contactsOf(ids.acme)).not.toContain('leaving@acme.test');
    expect((await t.app.repos.contacts.findById(added.contact_id))?.active).toBe(1);
    const again = await call('DELETE', `/api/company/${ids.acme}/contacts/${added.contact_id}`, cookies.client);
    expect(again.json()).toEqual({ statusCode: 404, error: MESSAGES.companyContactNotDeleted });
    expect((await call('DELETE', `/api/company/${ids.acme}/contacts/${ids.client}`, dana)).statusCode).toBe(403);
  });

  test('the last primary contact can be neither removed nor demoted; with another primary, both work', async () => {
    const co = await aCompany(t.app, 'One Primary Co', MODE.active);
    const owner = (await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('owner@oneprimary.test', { primary: 1 }))).json();
    const helper = (await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('helper@oneprimary.test'))).json();
    const refused = { statusCode: 409, error: MESSAGES.lastPrimaryContact };
    expect((await call('PUT', `/api/company/${co}/contacts/${owner.contact_id}`, cookies.admin, { primary: 0 })).json()).toEqual(refused);
    expect((await call('DELETE', `/api/company/${co}/contacts/${owner.contact_id}`, cookies.admin)).json()).toEqual(refused);
    // Nothing was half-written: the owner is still linked and primary.
    expect((await t.app.repos.companyContacts.find(co, owner.contact_id))?.primary).toBe(1);

    expect((await call('PUT', `/api/company/${co}/contacts/${helper.contact_id}`, cookies.admin, { primary: 1 })).statusCode).toBe(200);
    expect((await call('PUT', `/api/company/${co}/contacts/${owner.contact_id}`, cookies.admin, { primary: 0 })).json().primary).toBe(0);
    expect((await call('DELETE', `/api/company/${co}/contacts/${owner.contact_id}`, cookies.admin)).json()).toEqual({ deleted: 1 });
    expect((await call('DELETE', `/api/company/${co}/contacts/${helper.contact_id}`, cookies.admin)).json()).toEqual(refused);
  });

  it('keeps one primary contact when two primaries are demoted at the same moment', async () => {
    const co = await aCompany(t.app, 'Two Primaries Co', MODE.active);
    const first = (await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('first@twoprimaries.test', { primary: 1 }))).json();
    const second = (await call('POST', `/api/company/${co}/contacts`, cookies.admin, person('second@twoprimaries.test', { primary: 1 }))).json();
    const answers = await Promise.all([first, second].map((contact: { contact_id: number }) =>
      call('PUT', `/api/company/${co}/contacts/${contact.contact_id}`, cookies.admin, { primary: 0 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const flags = await Promise.all([first, second].map((contact: { contact_id: number }) => t.app.repos.companyContacts.find(co, contact.contact_id)));
    expect(flags.filter((link) => link?.primary === 1)).toHaveLength(1);
  });
});

describe('an added contact who never confirms does not keep the address (docs/product/companies-and-contacts.md#contacts)', () => {
  let later: DemoCast;
  let shift = 0;
  beforeAll(async () => {
    later = await openDemoCast({ clock: () => new Date(Date.now() + shift), registerRateLimit: { max: 1000, timeWindowMs: 3_600_000 } });
  });
  afterAll(async () => {
    await later.t.close();
  });

  const registration = (email: string, n: number) => ({
    company: { name: `Claimant ${n}`, url: `https://claimant-${n}.test/` },
    contacts: [{ title: 'Owner', first_name: 'Real', last_name: 'Owner', email, phone: '555-010-0001', primary: 1 }],
    prefs: { frequency: 'quarterly', intensity: ['maintenance'] },
  });
  const register = (body: object) => later.t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress: '10.9.0.1' });

  test('once the welcome link has expired unused, the address registers elsewhere; the unconfirmed contact is let go, not reused', async () => {
    const { call: add, cookies: who, ids: at } = later;
    expect((await add('POST', `/api/company/${at.acme}/contacts`, who.client, person('never-confirms@elsewhere.test'))).statusCode).toBe(201);
    expect((await add('POST', `/api/company/${at.acme}/contacts`, who.client, person('confirms@elsewhere.test'))).statusCode).toBe(201);
    const unconfirmed = (await later.t.app.repos.contacts.findByEmail('never-confirms@elsewhere.test'))!;
    // While the link works, the address is taken.
    expect((await register(registration('never-confirms@elsewhere.test', 1))).statusCode).toBe(409);
    const verifyCode = /\/verifyemail\/([\w-]+)/.exec((await outboxTo(later.t.app, 'confirms@elsewhere.test'))[0]!.text ?? '')![1]!;
    expect((await later.t.app.inject({ method: 'POST', url: `/api/auth/verify/${verifyCode}` })).statusCode).toBe(200);

    shift = VERIFY_CODE_VALID_MS + 60_000;
    const registered = await register(registration('Never-Confirms@elsewhere.test', 2));
    expect(registered.statusCode).toBe(201);
    const owner = (await later.t.app.repos.contacts.findByEmail('never-confirms@elsewhere.test'))!;
    expect(owner.contact_id).not.toBe(unconfirmed.contact_id);
    expect(owner.first_name).toBe('Real');
    const letGo = (await later.t.app.repos.contacts.findById(unconfirmed.contact_id))!;
    expect(letGo.active).toBe(0);
    expect(letGo.email).not.toBe('never-confirms@elsewhere.test');
    // A confirmed address stays its owner's for good.
    expect((await register(registration('confirms@elsewhere.test', 3))).statusCode).toBe(409);
  });

  test('a contact whose password an admin set keeps the address though no link was used', async () => {
    const { call: add, cookies: who, ids: at } = later;
    shift = 0;
    expect((await add('POST', `/api/company/${at.acme}/contacts`, who.client, person('admin-set@elsewhere.test'))).statusCode).toBe(201);
    const added = (await later.t.app.repos.contacts.findByEmail('admin-set@elsewhere.test'))!;
    expect((await add('PUT', `/api/contact/${added.contact_id}`, who.admin, { password: 'set-by-the-admin' })).statusCode).toBe(200);
    shift = VERIFY_CODE_VALID_MS + 60_000;
    expect((await register(registration('admin-set@elsewhere.test', 4))).statusCode).toBe(409);
    expect((await later.t.app.repos.contacts.findById(added.contact_id))!.active).toBe(1);
  });
});

describe('GET /api/company/:id/contacts', () => {
  test('tells admins alone which contacts have a second factor (an enabled app or a passkey)', async () => {
    const { security } = t.app.repos;
    const now = new Date();
    await security.startTotp(t.app.db, ids.client, 'sealed-secret', now);
    await security.enableTotp(t.app.db, ids.client, 1, now);
    try {
      const byAdmin = (await call('GET', `/api/company/${ids.acme}/contacts`, cookies.admin)).json() as { contact_id: number; has_second_factor?: boolean }[];
      expect(byAdmin.find((c) => c.contact_id === ids.client)).toMatchObject({ has_second_factor: true });
      expect(byAdmin.filter((c) => c.contact_id !== ids.client).every((c) => c.has_second_factor === false)).toBe(true);
      for (const cookie of [cookies.agent, cookies.client]) {
        const res = await call('GET', `/api/company/${ids.acme}/contacts`, cookie);
        expect(res.statusCode).toBe(200);
        for (const contact of res.json() as object[]) expect(contact).not.toHaveProperty('has_second_factor');
      }
    } finally {
      await security.deleteTotp(t.app.db, ids.client);
    }
  });
});
