import {
  activity, attachment, listedTicket, task, ticket, ticketDetail, ticketSummary, timeEntry,
  type Activity, type Attachment, type ListedTicket, type Task, type Ticket, type TicketDetail, type TicketSummary, type TimeEntry,
} from '@portal/contract';
import { ACME_ID } from './people';

// aTicket() is the demo ticket #12 of Acme. List rows (aTicketSummary, aListedTicket) number
// themselves from 100 upwards unless given an id, so a list built from them has distinct keys.

let nextRowId = 100;

const demoTicket = (): Ticket => ({
  ticket_id: 12, contact_id: 31, company_id: ACME_ID, company_name: 'Acme, LLC', company_mode: 1, assignee_id: 8,
  title: 'Fix the contact form', description: 'The **form** does not send.', type_id: 3, priority_id: 1, status_id: 3,
  date_created: '2026-11-18T15:00:00.000Z', date_due: '2026-11-25T21:00:00.000Z', date_assigned: '2026-11-18T16:00:00.000Z',
  date_completed: null, on_hold: 0, estimate_required: 1, estimated_time: 25, estimate_approved: -1,
});

export function aTicket(over: Partial<Ticket> = {}): Ticket {
  return ticket.parse({ ...demoTicket(), ...over });
}

/** A ticket as GET /ticket/:id answers it: with the requester's and the assignee's names. */
export function aTicketDetail(over: Partial<TicketDetail> = {}): TicketDetail {
  return ticketDetail.parse({ ...demoTicket(), contact_name: 'Cora Client', assignee_name: 'Alan Agent', total_time: 5, ...over });
}

function aRow(over: Partial<Ticket>): Ticket {
  nextRowId += 1;
  return {
    ...demoTicket(), ticket_id: nextRowId, title: `Ticket ${nextRowId}`, description: '', assignee_id: null, type_id: 1,
    priority_id: 3, status_id: 1, date_created: '2026-11-01T10:00:00.000Z', date_due: null, date_assigned: null,
    estimate_required: 0, estimated_time: 0, ...over,
  };
}

/** A ticket as a company's dashboard lists it (GET /company/:id/tickets): no description. */
export function aTicketSummary(over: Partial<TicketSummary> = {}): TicketSummary {
  return ticketSummary.parse(aRow(over));
}

/** A ticket as the agent's and the staff list show it. */
export function aListedTicket(over: Partial<ListedTicket> = {}): ListedTicket {
  return listedTicket.parse({ is_maintenance: 1, assignee_name: null, ...aRow(over), ...over });
}

export function anActivity(over: Partial<Activity> = {}): Activity {
  return activity.parse({
    activity_id: 1, ticket_id: 12, contact_id: 8, contact_name: 'Alan Agent', note: 'Looking into it.', date_created: '2026-11-19T10:00:00.000Z',
    ...over,
  });
}

export function aTask(over: Partial<Task> = {}): Task {
  return task.parse({
    task_id: 1, ticket_id: 12, instruction: 'Reproduce the bug', sort_order: 1, date_completed: null, date_created: '2026-11-18T15:00:00.000Z',
    ...over,
  });
}

export function aTimeEntry(over: Partial<TimeEntry> = {}): TimeEntry {
  return timeEntry.parse({
    time_id: 1, ticket_id: 12, contact_id: 8, contact_name: 'Alan Agent', time: 5, description: 'Looked into it', date: '2026-11-19T11:00:00.000Z',
    ...over,
  });
}

export function anAttachment(over: Partial<Attachment> = {}): Attachment {
  const id = over.attachment_id ?? 3;
  return attachment.parse({
    attachment_id: id, ticket_id: 12, target_type: 'ticket', contact_id: 8, name: 'shot.png', url: `/api/attachments/${id}/download`,
    type: 'image/png', size: 4, date_created: '2026-11-20T10:00:00.000Z',
    ...over,
  });
}
