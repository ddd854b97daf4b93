import type { AuditEntry } from '@portal/contract';
import { AUDIT_SECRET_VALUE, STATUS } from '@portal/domain';
import { sql } from 'kysely';
import { aTimeEntry } from '../test-support/billing';
import { aTicket } from '../test-support/factories';
import { openDemoCast, type DemoCast } from '../test-support/test-app';

// The audit trail (docs/product/accounts-and-roles.md#audit-trail): each change to a ticket, a company, a contact, an option list,
// an invoice, and each sign-in and failed sign-in, leaves an entry written in the change's own
// transaction, with who, when, and the changed fields' values before and after. Staff read a
// ticket's history; admins read and filter the whole trail.

let cast: DemoCast;
beforeAll(async () => {
  cast = await openDemoCast();
});
afterAll(async () => {
  await cast.t.close();
});

async function trail(query: string): Promise<AuditEntry[]> {
  const res = await cast.call('GET', `/api/audit?${query}`, cast.cookies.admin);
  expect(res.statusCode).toBe(200);
  return (res.json() as { entries: AuditEntry[] }).entries;
}

async function history(ticketId: number, cookie = cast.cookies.agent): Promise<AuditEntry[]> {
  const res = await cast.call('GET', `/api/ticket/${ticketId}/audit`, cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as { entries: AuditEntry[] }).entries;
}

describe('tickets', () => {
  test('a created ticket and a change to it: who, the action, and the changed fields before and after', async () => {
    const { call, cookies, ids } = cast;
    const created = await call('POST', '/api/ticket', cookies.client, {
      company_id: ids.acme, title: 'Audit me', description: 'first', type_id: 1, priority_id: 2, estimate_required: 0,
    });
    expect(created.statusCode).toBe(201);
    const ticketId = (created.json() as { ticket_id: number }).ticket_id;
    const changed = await call('PUT', `/api/ticket/${ticketId}`, cookies.admin, { priority_id: 1, title: 'Audit me now' });
    expect(changed.statusCode).toBe(200);

    const [update, create] = await history(ticketId);
    expect(update).toMatchObject({
      action: 'ticket.updated', entity: 'ticket', entity_id: ticketId, company_id: ids.acme, actor_id: ids.admin, subject: 'Audit me',
    });
    expect(update!.actor_name).toEqual(expect.any(String));
    expect(update!.changes).toEqual(expect.arrayContaining([
      { field: 'priority_id', before: 2, after: 1 },
      { field: 'title', before: 'Audit me', after: 'Audit me now' },
    ]));
    expect(update!.changes.map((change) => change.field)).not.toContain('date_updated');
    expect(create).toMatchObject({ action: 'ticket.created', actor_id: ids.client, subject: 'Audit me' });
    expect(create!.changes).toEqual(expect.arrayContaining([{ field: 'title', before: null, after: 'Audit me' }]));
  });

  test('a write that changes nothing records nothing', async () => {
    const { call, cookies, ids, t } = cast;
    const ticketId = await aTicket(t.app, { company_id: ids.acme, title: 'Quiet', priority_id: 2 });
    await call('PUT', `/api/ticket/${ticketId}`, cookies.admin, { priority_id: 2 });
    expect(await history(ticketId)).toEqual([]);
  });

  test('a bulk move records one entry per ticket changed', async () => {
    const { call, cookies, ids, t } = cast;
    const first = await aTicket(t.app, { company_id: ids.acme, title: 'Bulk one', status_id: STATUS.backlog });
    const second = await aTicket(t.app, { company_id: ids.acme, title: 'Bulk two', status_id: STATUS.backlog });
    const res = await call('PUT', '/api/ticket/bulk', cookies.admin, { ticket_ids: [first, second], assignee_id: ids.agent });
    expect(res.statusCode).toBe(200);
    for (const ticketId of [first, second]) {
      const [entry] = await history(ticketId);
      expect(entry).toMatchObject({ action: 'ticket.updated', actor_id: ids.admin });
      expect(entry!.changes).toEqual(expect.arrayContaining([{ field: 'assignee_id', before: null, after: ids.agent }]));
    }
  });

  test("a ticket's history is for staff; a client, anonymous callers and a missing ticket are refused", async () => {
    const { call, cookies, ids, t } = cast;
    const ticketId = await aTicket(t.app, { company_id: ids.acme, title: 'Private history' });
    expect((await call('GET', `/api/ticket/${ticketId}/audit`, cookies.client)).statusCode).toBe(403);
    expect((await call('GET', `/api/ticket/${ticketId}/audit`)).statusCode).toBe(401);
    expect((await call('GET', `/api/ticket/${ticketId}/audit`, cookies.admin)).statusCode).toBe(200);
    const missing = await call('GET', '/api/ticket/987654/audit', cookies.agent);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Ticket not found.' });
  });

  test('the change and its entry are one transaction: when the entry cannot be written, the ticket is not changed', async () => {
    const { call, cookies, ids, t } = cast;
    const ticketId = await aTicket(t.app, { company_id: ids.acme, title: 'All or nothing', priority_id: 3 });
    await sql`alter table audit_log rename to audit_log_away`.execute(t.app.db);
    try {
      const res = await call('PUT', `/api/ticket/${ticketId}`, cookies.admin, { priority_id: 1 });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(t.app.db);
    }
    const after = await t.app.repos.tickets.findRow(ticketId);
    expect(after?.priority_id).toBe(3);
  });
});

describe('companies, contacts and option lists', () => {
  test("a company's creation, its change (with the tickets its mode closes) and its deletion", async () => {
    const { call, cookies, ids, t } = cast;
    const created = await call('POST', '/api/company', cookies.admin, { name: 'Audit Co', url: 'https://audit-co.example' });
    expect(created.statusCode).toBe(201);
    const companyId = (created.json() as { company_id: number }).company_id;
    const ticketId = await aTicket(t.app, { company_id: companyId, title: 'Closed by mode', status_id: STATUS.backlog });

    expect((await call('PUT', `/api/company/${companyId}`, cookies.admin, { name: 'Audit Company', mode: 3 })).statusCode).toBe(200);
    const entries = await trail(`company_id=${companyId}`);
    const companyChange = entries.find((entry) => entry.action === 'company.updated');
    expect(companyChange).toMatchObject({ entity: 'company', entity_id: companyId, subject: 'Audit Co', actor_id: ids.admin });
    expect(companyChange!.changes).toEqual(expect.arrayContaining([
      { field: 'name', before: 'Audit Co', after: 'Audit Company' },
      { field: 'mode', before: 1, after: 3 },
    ]));
    const closed = (await history(ticketId))[0];
    expect(closed).toMatchObject({ action: 'ticket.updated', actor_id: ids.admin });
    expect(closed!.changes).toEqual(expect.arrayContaining([{ field: 'status_id', before: STATUS.backlog, after: STATUS.cancelled }]));
    expect(entries.find((entry) => entry.action === 'company.created')!.changes)
      .toEqual(expect.arrayContaining([{ field: 'name', before: null, after: 'Audit Co' }]));

    expect((await call('DELETE', `/api/company/${companyId}`, cookies.admin)).statusCode).toBe(200);
    const afterDelete = await trail(`company_id=${companyId}`);
    expect(afterDelete[0]?.action === 'company.deleted' || afterDelete.some((entry) => entry.action === 'company.deleted')).toBe(true);
    // The deleted ticket keeps its history, its deletion last.
    expect((await history(ticketId))[0]).toMatchObject({ action: 'ticket.deleted' });
  });

  test("a company's contacts: added, changed, removed; a company meta change", async () => {
    const { call, cookies, ids } = cast;
    const added = await call('POST', `/api/company/${ids.acme}/contacts`, cookies.client, {
      title: 'Intern', first_name: 'Audra', last_name: 'Trail', email: 'audra.trail@acme.test', phone: '555-100-2000', primary: 0,
    });
    expect(added.statusCode).toBe(201);
    // A client is answered with the invitation, not the row (docs/product/companies-and-contacts.md#contacts).
    const contactId = (await cast.t.app.repos.contacts.findByEmail('audra.trail@acme.test'))!.contact_id;
    expect((await call('PUT', `/api/company/${ids.acme}/contacts/${contactId}`, cookies.client, { phone: '555-100-3000', title: 'Analyst' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/company/${ids.acme}/contacts/${contactId}`, cookies.client)).statusCode).toBe(200);

    const entries = await trail(`entity=contact&entity_id=${contactId}`);
    expect(entries.map((entry) => entry.action)).toEqual(['contact.unlinked', 'contact.updated', 'contact.created']);
    expect(entries.every((entry) => entry.actor_id === ids.client && entry.company_id === ids.acme)).toBe(true);
    expect(entries[1]!.changes).toEqual(expect.arrayContaining([
      { field: 'phone', before: '555-100-2000', after: '555-100-3000' },
      { field: 'title', before: 'Intern', after: 'Analyst' },
    ]));

    const meta = await call('PUT', `/api/company/${ids.acme}/meta/services`, cookies.admin, { meta_value: '1,2' });
    expect(meta.statusCode).toBe(200);
    const [metaEntry] = await trail(`entity=company&entity_id=${ids.acme}&action=company.updated`);
    expect(metaEntry!.changes).toEqual([{ field: 'services', before: expect.anything(), after: '1,2' }]);
  });

  test('a password change is recorded without the password', async () => {
    const { call, cookies, ids } = cast;
    // Sam, not the demo agent: a new password ends the contact's sessions.
    const res = await call('PUT', `/api/contact/${ids.sam}`, cookies.admin, { phone: '555-999-0000', password: 'a-new-Passw0rd!' });
    expect(res.statusCode).toBe(200);
    const entries = await trail(`entity=contact&entity_id=${ids.sam}`);
    const changed = entries.find((entry) => entry.action === 'contact.password_changed');
    expect(changed!.changes).toEqual([{ field: 'password', before: AUDIT_SECRET_VALUE, after: AUDIT_SECRET_VALUE }]);
    expect(JSON.stringify(entries)).not.toContain('a-new-Passw0rd!');
    expect(entries.find((entry) => entry.action === 'contact.updated')!.changes.map((change) => change.field)).toEqual(['phone']);
  });

  test("a contact's notification preferences: the stored value before and after", async () => {
    const { call, cookies, ids } = cast;
    const res = await call('PUT', `/api/contact/${ids.client}/meta/note_prefs`, cookies.client, {
      meta_key: 'note_prefs', meta_value: JSON.stringify({ sendHourly: true, sendDaily: false, sendWeekly: false }),
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await trail(`entity=contact&entity_id=${ids.client}&action=contact.updated`);
    expect(entry).toMatchObject({ actor_id: ids.client });
    expect(entry!.changes).toEqual([{ field: 'note_prefs', before: expect.anything(), after: expect.stringContaining('"sendHourly":true') }]);
  });

  test('an option list saved: its value before and after', async () => {
    const { call, cookies } = cast;
    const before = (await call('GET', '/api/options/priority-defaults', cookies.admin)).json() as { option_value: { id: number; name: string }[] };
    const renamed = before.option_value.map((item) => (item.id === 4 ? { ...item, name: 'Whenever' } : item));
    expect((await call('POST', '/api/options', cookies.admin, { option_name: 'priority-defaults', option_value: renamed })).statusCode).toBe(200);
    const [entry] = await trail('entity=option');
    expect(entry).toMatchObject({ action: 'option.updated', subject: 'priority-defaults', entity_id: null });
    expect(String(entry!.changes[0]!.before)).not.toContain('Whenever');
    expect(String(entry!.changes[0]!.after)).toContain('Whenever');
  });
});

describe('invoices and sign-ins', () => {
  test('an invoice issued and marked paid', async () => {
    const { call, cookies, ids, t } = cast;
    const company = await t.app.repos.companies.create(t.app.db, { name: 'Invoice Audit Co' });
    const ticketId = await aTicket(t.app, { company_id: company, title: 'Billable' });
    await aTimeEntry(t.app, { ticket_id: ticketId, company_id: company, contact_id: ids.agent, time: 5, date: t.app.config.clock().toISOString(), description: 'Work', pay_rate: 40 });
    const issued = await call('POST', `/api/company/${company}/invoices`, cookies.admin, { offset: 0 });
    expect(issued.statusCode).toBe(201);
    const invoice = issued.json() as { invoice_id: number; number: string };
    expect((await call('PUT', `/api/company/${company}/invoices/${invoice.invoice_id}`, cookies.admin, { status: 'paid' })).statusCode).toBe(200);
    const entries = await trail(`entity=invoice&company_id=${company}`);
    expect(entries.map((entry) => entry.action)).toEqual(['invoice.updated', 'invoice.issued']);
    expect(entries[0]!.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 'issued', after: 'paid' }]));
    expect(entries[1]).toMatchObject({ subject: invoice.number, entity_id: invoice.invoice_id });
  });

  test('a sign-in and a failed sign-in, known address or not', async () => {
    const { call, ids } = cast;
    expect((await call('POST', '/api/auth/login', undefined, { username: 'agent@demo.test', password: 'wrong-password' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', undefined, { username: 'nobody@nowhere.test', password: 'whatever1' })).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', undefined, { username: 'agent@demo.test', password: 'portal-demo' })).statusCode).toBe(200);
    const failed = await trail('action=session.sign_in_failed');
    expect(failed[0]).toMatchObject({ actor_id: null, entity_id: null, subject: 'nobody@nowhere.test', entity: 'session' });
    expect(failed[1]).toMatchObject({ actor_id: ids.agent, subject: 'agent@demo.test' });
    expect(failed[0]!.ip).toEqual(expect.any(String));
    const [signedIn] = await trail(`action=session.signed_in&actor_id=${ids.agent}`);
    expect(signedIn).toMatchObject({ entity: 'session', actor_id: ids.agent });
  });
});

describe('reading the trail', () => {
  test('pages newest first with a cursor, and filters by date', async () => {
    const first = await cast.call('GET', '/api/audit?limit=2', cast.cookies.admin);
    const page = first.json() as { entries: AuditEntry[]; next: number | null };
    expect(page.entries).toHaveLength(2);
    expect(page.entries[0]!.audit_id).toBeGreaterThan(page.entries[1]!.audit_id);
    expect(page.next).toBe(page.entries[1]!.audit_id);
    const second = (await cast.call('GET', `/api/audit?limit=2&before=${page.next}`, cast.cookies.admin)).json() as { entries: AuditEntry[] };
    expect(second.entries[0]!.audit_id).toBeLessThan(page.next!);

    const today = cast.t.app.config.clock().toISOString().slice(0, 10);
    expect((await trail(`from=${today}&to=${today}&limit=5`)).length).toBeGreaterThan(0);
    expect(await trail('to=2001-01-01')).toEqual([]);
  });

  test('the whole trail is for admins; a bad filter is a 400 with a message', async () => {
    const { call, cookies } = cast;
    expect((await call('GET', '/api/audit', cookies.agent)).statusCode).toBe(403);
    expect((await call('GET', '/api/audit', cookies.client)).statusCode).toBe(403);
    const bad = await call('GET', '/api/audit?action=ticket.exploded', cookies.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: expect.any(String) });
  });
});
