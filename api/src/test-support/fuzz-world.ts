import { STATUS } from '@portal/domain';
import { unsubscribeLink } from '../services/unsubscribe';
import { aTimeEntry } from './billing';
import { aTicket } from './factories';
import { PNG_BYTES, multipartBody } from './multipart';
import type { TestApp } from './test-app';

/**
 * What one write route is fuzzed against: a company of its own with a primary client (the client
 * caller), a second contact, a ticket with an activity, a task and an attachment, a notification
 * and an issued invoice. A route that deletes or changes them spoils no other route's run.
 */
export interface FuzzWorld {
  company: number;
  client: number;
  otherContact: number;
  ticket: number;
  activity: number;
  task: number;
  notification: number;
  attachment: number;
  invoice: number;
  agent: number;
  /** A time entry of last month (no invoice issued for it: it may still be changed). */
  timeEntry: number;
  /** The token of the client's daily-digest unsubscribe link. */
  unsubscribeToken: string;
  /** An address seen in Cc of mail on the ticket, not yet invited (docs/product/tickets.md#followers-and-cc). */
  ccAddress: number;
  /** A mail template name, for the path and the body alike. */
  templateName: string;
  clientCookie: string;
  adminCookie: string;
}

let counter = 0;

/** A word no other world or request has used: e-mails, URLs, template names. */
export function fuzzWord(): string {
  return `fuzz-${process.pid}-${++counter}`;
}

export async function aFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const { repos } = t.app;
  const demoClient = (await repos.contacts.findActiveByEmail('client@demo.test'))!;
  const agent = await t.contactId('agent@demo.test');
  const word = fuzzWord();
  const company = await repos.companies.create(t.app.db, { name: `Fuzz ${word}`, url: `https://${word}.example`, mode: 1 });
  const person = (role: string) => ({
    title: role, first_name: 'Fuzz', last_name: role, email: `${role}-${word}@fuzz.test`, phone: '555-700-0100', group_id: 5,
    // The demo client's hash: the same demo password signs the fresh client in.
    password_hash: demoClient.password_hash, active: 1, date_created: new Date().toISOString(),
  });
  const client = await repos.companyContacts.createAndLink(t.app.db, person('client'), { company_id: company, title: 'Owner', primary: 1 });
  const otherContact = await repos.companyContacts.createAndLink(t.app.db, person('other'), { company_id: company, title: 'Staff' });
  const ticket = await aTicket(t.app, { company_id: company, contact_id: client, title: 'Fuzz ticket', status_id: STATUS.backlog });
  const activity = (await repos.activity.create({ ticket_id: ticket, contact_id: null, contact_name: null, note: 'Fuzz note' })).activity_id;
  const task = (await repos.tasks.create(t.app.db, ticket, ['Fuzz task']))[0]!.task_id;
  const notification = (await repos.notifications.create({ contact_id: client, note: 'Fuzz notification' })).notification_id;
  await repos.followers.addCcAddresses(t.app.db, ticket, [`cc-${word}@fuzz.test`]);
  const ccAddress = (await repos.followers.ccAddresses(ticket))[0]!.id;
  const adminCookie = await t.login('admin@demo.test');
  const upload = multipartBody([{ filename: 'fuzz.png', content: PNG_BYTES }]);
  const uploaded = await t.app.inject({
    method: 'POST', url: `/api/ticket/${ticket}/attachments`, payload: upload.payload, headers: { ...upload.headers, cookie: adminCookie },
  });
  // At noon UTC: the same calendar day in every time zone the fuzzer names (Europe/Berlin), whatever
  // the hour the suite runs at. Dated at the hour of the run, last month's entry fell into this month in
  // Berlin after 23:00 UTC, and last month had nothing to invoice.
  const today = new Date();
  today.setUTCHours(12, 0, 0, 0);
  await aTimeEntry(t.app, { ticket_id: ticket, company_id: company, contact_id: agent, time: 3, date: today.toISOString(), pay_rate: 40 });
  const lastMonth = new Date(today);
  lastMonth.setUTCDate(1);
  lastMonth.setUTCDate(0);
  const timeEntry = await aTimeEntry(t.app, { ticket_id: ticket, company_id: company, contact_id: agent, time: 2, date: lastMonth.toISOString(), pay_rate: 40 });
  const link = await unsubscribeLink(t.app, { contact_id: client, email: `client-${word}@fuzz.test` }, 'daily');
  const issued = await t.app.inject({ method: 'POST', url: `/api/company/${company}/invoices`, payload: { offset: 0 }, headers: { cookie: adminCookie } });
  return {
    company, client, otherContact, ticket, activity, task, notification, agent, timeEntry, ccAddress, templateName: `template-${word}`,
    unsubscribeToken: link.split('/').at(-1)!,
    attachment: uploaded.json()[0].attachment_id as number,
    invoice: issued.json().invoice_id as number,
    clientCookie: await t.login(`client-${word}@fuzz.test`),
    adminCookie,
  };
}
