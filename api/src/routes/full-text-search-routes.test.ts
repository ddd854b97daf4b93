import { MODE, STATUS } from '@portal/domain';
import type { FindAnswer } from '@portal/contract';
import { aCompany, aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// GET /search (docs/product/search.md), on whichever database the suite runs on: SQLite, or
// PostgreSQL with DATABASE_URL. Both must answer the same.

let cast: DemoCast;
let acme: number;
let globex: number;
let safari: number;
let closedSafari: number;
let describedSafari: number;

beforeAll(async () => {
  cast = await openDemoCast();
  acme = cast.ids.acme;
  globex = await cast.t.companyId('Globex Corporation');
  describedSafari = await aTicket(cast.t.app, { company_id: acme, title: 'Checkout page', description: 'Broken on Okapi since the update' });
  closedSafari = await aTicket(cast.t.app, { company_id: acme, title: 'Okapi layout glitch', description: 'fixed', status_id: STATUS.complete });
  safari = await aTicket(cast.t.app, { company_id: acme, title: 'Okapi checkout bug', description: 'The pay button does nothing' });
  await aTicket(cast.t.app, { company_id: globex, title: 'Zeppelin booking form', description: 'Globex only: the zeppelin form times out' });
});
afterAll(async () => {
  await cast.t.close();
});

const find = async (cookie: string, query: string): Promise<FindAnswer> => {
  const answer = await cast.call('GET', `/api/search?${query}`, cookie);
  expect(answer.statusCode).toBe(200);
  return answer.json();
};
const q = (text: string) => `q=${encodeURIComponent(text)}`;
const ticketIds = (answer: FindAnswer) => answer.tickets?.items.map((item) => item.ticket_id);

test('a word prefix finds tickets by title and description: title matches, then open ones, then the newest', async () => {
  const answer = await find(cast.cookies.agent, q('oka'));
  expect(ticketIds(answer)).toEqual([safari, closedSafari, describedSafari]);
  expect(answer.tickets?.total).toBe(3);
  const described = answer.tickets?.items.find((item) => item.ticket_id === describedSafari);
  expect(described?.snippet.filter((part) => part.hit).map((part) => part.text)).toEqual(['Okapi']);
  expect(described?.company_name).toBe('Acme, LLC');
});

test('every word must match, in any order and case', async () => {
  expect(ticketIds(await find(cast.cookies.agent, q('BUG okapi')))).toEqual([safari]);
  expect(ticketIds(await find(cast.cookies.agent, q('okapi zeppelin')))).toEqual([]);
});

test('#123 and 123 put that ticket first', async () => {
  expect(ticketIds(await find(cast.cookies.agent, q(`#${describedSafari}`)))?.[0]).toBe(describedSafari);
  expect(ticketIds(await find(cast.cookies.agent, q(String(describedSafari))))?.[0]).toBe(describedSafari);
});

test('filters narrow by status, company and type', async () => {
  expect(ticketIds(await find(cast.cookies.agent, `${q('okapi')}&status=${STATUS.complete}`))).toEqual([closedSafari]);
  expect(ticketIds(await find(cast.cookies.agent, `${q('okapi')}&company=${globex}`))).toEqual([]);
  expect((await cast.call('GET', `/api/search?${q('okapi')}&status=1;drop`, cast.cookies.agent)).statusCode).toBe(400);
});

test('a note is findable the moment it is saved, and opens its ticket', async () => {
  const saved = await cast.call('POST', '/api/activity', cast.cookies.client, { ticket_id: safari, note: 'Tried it on an iPhone 15 with Quokkabrowser' });
  expect(saved.statusCode).toBe(201);
  const answer = await find(cast.cookies.agent, q('quokka'));
  expect(answer.notes?.items).toEqual([
    expect.objectContaining({ ticket_id: safari, title: 'Okapi checkout bug', activity_id: saved.json().activity_id }),
  ]);
  expect(answer.notes?.items[0]?.snippet.find((part) => part.hit)?.text).toBe('Quokkabrowser');
});

test('an edited ticket is found by its new words only, and a deleted one not at all', async () => {
  const ticket = await aTicket(cast.t.app, { company_id: acme, title: 'Wombat banner', description: 'x' });
  expect(ticketIds(await find(cast.cookies.agent, q('wombat')))).toEqual([ticket]);
  await cast.t.app.repos.tickets.update(cast.t.app.db, ticket, { title: 'Platypus banner' });
  expect(ticketIds(await find(cast.cookies.agent, q('wombat')))).toEqual([]);
  expect(ticketIds(await find(cast.cookies.agent, q('platypus')))).toEqual([ticket]);
  await cast.t.app.db.deleteFrom('tickets').where('ticket_id', '=', ticket).execute();
  expect(ticketIds(await find(cast.cookies.agent, q('platypus')))).toEqual([]);
});

test("a client finds its companies' tickets and notes only, never another company's, and no companies or contacts", async () => {
  const mine = await find(cast.cookies.client, q('okapi'));
  expect(ticketIds(mine)).toEqual([safari, closedSafari, describedSafari]);
  expect(mine).not.toHaveProperty('companies');
  expect(mine).not.toHaveProperty('contacts');
  const theirs = await find(cast.cookies.client, q('zeppelin'));
  expect(theirs.tickets).toEqual({ total: 0, capped: false, items: [] });
  expect(theirs.notes).toEqual({ total: 0, capped: false, items: [] });
  expect((await find(cast.cookies.client2, q('zeppelin'))).tickets?.total).toBe(1);
  // Asking for another company's tickets by filter or by group changes nothing.
  expect((await find(cast.cookies.client, `${q('zeppelin')}&company=${globex}`)).tickets?.total).toBe(0);
  expect(await find(cast.cookies.client, `${q('acme')}&group=contacts`)).toEqual({ q: 'acme', page: 1, page_size: 20 });
});

test('staff find companies by name or site and contacts by name, e-mail or phone in any formatting', async () => {
  const company = await aCompany(cast.t.app, 'Numbat Trading', MODE.active);
  const staff = await find(cast.cookies.agent, q('numbat'));
  expect(staff.companies?.items).toEqual([{ company_id: company, name: 'Numbat Trading', url: 'https://numbattrading.example' }]);
  const added = await cast.call('POST', `/api/company/${company}/contacts`, cast.cookies.admin, {
    title: 'Owner', first_name: 'Nora', last_name: 'Quill', email: 'nora.quill@numbat.example', phone: '555-010-4477',
  });
  expect(added.json()).toMatchObject({ email: 'nora.quill@numbat.example' });
  for (const typed of ['quill', 'nora qu', 'nora.quill@numbat', '555 010 4477', '5550104477', '(555) 010-4477', '555.010.44']) {
    expect((await find(cast.cookies.agent, q(typed))).contacts?.items.map((item) => item.email)).toEqual(['nora.quill@numbat.example']);
  }
});

test('one group pages with its total; the preview shows the first few of each', async () => {
  const many = [];
  for (let index = 0; index < 23; index += 1) many.push(await aTicket(cast.t.app, { company_id: acme, title: `Kookaburra ${index}`, description: 'x' }));
  const preview = await find(cast.cookies.agent, q('kookaburra'));
  expect(preview.tickets?.total).toBe(23);
  expect(preview.tickets?.items).toHaveLength(5);
  const first = await find(cast.cookies.agent, `${q('kookaburra')}&group=tickets`);
  const second = await find(cast.cookies.agent, `${q('kookaburra')}&group=tickets&page=2`);
  expect(first.notes).toBeUndefined();
  expect([...ticketIds(first) ?? [], ...ticketIds(second) ?? []]).toEqual([...many].reverse());
});

test('typed text is only words: query syntax of either engine finds nothing and breaks nothing', async () => {
  for (const typed of ['"', '*', 'title:x', 'a & | ! (', "'; drop table tickets; --", 'NEAR(a b)', ':*']) {
    const answer = await cast.call('GET', `/api/search?${q(typed)}`, cast.cookies.agent);
    expect(answer.statusCode).toBe(200);
  }
  expect((await find(cast.cookies.agent, q(''))).tickets).toEqual({ total: 0, capped: false, items: [] });
  expect((await cast.call('GET', `/api/search?${q('x'.repeat(1001))}`, cast.cookies.agent)).statusCode).toBe(400);
  expect((await cast.call('GET', `/api/search?${q('okapi')}`)).statusCode).toBe(401);
});
