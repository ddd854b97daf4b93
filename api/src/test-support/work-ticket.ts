import { STATUS } from '@portal/domain';
import { aTicket } from './factories';
import { openDemoCast, type DemoCast } from './test-app';

export interface WorkTicket extends DemoCast {
  acme: number;
  ticketId: number;
}

/** A fresh app with the demo cast signed in and one In Progress Acme ticket assigned to the demo agent. */
export async function openWorkTicket(): Promise<WorkTicket> {
  const cast = await openDemoCast();
  const { ids } = cast;
  const ticketId = await aTicket(cast.t.app, { contact_id: ids.client, company_id: ids.acme, assignee_id: ids.agent, title: 'Work log', status_id: STATUS.inProgress });
  return { ...cast, acme: ids.acme, ticketId };
}
