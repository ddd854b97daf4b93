import { STATUS } from '@portal/domain';
import { aTicket } from './factories';
import { caller, createTestApp, type DemoCookies, type DemoIds, type TestApp } from './test-app';

export interface WorkTicket {
  t: TestApp;
  call: ReturnType<typeof caller>;
  cookies: DemoCookies;
  ids: DemoIds;
  acme: number;
  ticketId: number;
}

/** A fresh app with the demo cast signed in and one In Progress Acme ticket assigned to the demo agent. */
export async function openWorkTicket(): Promise<WorkTicket> {
  const t = await createTestApp();
  const ids = await t.demoIds();
  const ticketId = await aTicket(t.app, { contact_id: ids.client, company_id: ids.acme, assignee_id: ids.agent, title: 'Work log', status_id: STATUS.inProgress });
  return { t, call: caller(t), cookies: await t.loginDemoUsers(), ids, acme: ids.acme, ticketId };
}
