import type { TicketSummary } from '@portal/contract';
import type { TicketRow } from '../db/schema';

/**
 * The ticket columns every list reads: all but the description, which no list shows and which
 * made up most of the bytes of lists polled every few seconds. The detail adds it.
 */
export const TICKET_SUMMARY_COLUMNS = [
  't.ticket_id', 't.contact_id', 't.company_id', 't.assignee_id', 't.title', 't.type_id', 't.priority_id', 't.status_id',
  't.date_created', 't.date_due', 't.date_assigned', 't.date_completed', 't.on_hold', 't.estimate_required',
  't.estimated_time', 't.estimate_approved',
] as const;

type SummaryColumns = Omit<TicketRow, 'description' | 'date_updated'> & { company_name: string; company_mode: number };

const asFlag = (value: number): 0 | 1 => (value ? 1 : 0);
const asApproval = (value: number): TicketSummary['estimate_approved'] => (value === 1 ? 1 : value === 0 ? 0 : -1);

/** A ticket row (joined with its company's name and mode) as the contract shows it: flags as 0/1. */
export function toTicketSummary(row: SummaryColumns): Omit<TicketSummary, 'total_time' | 'value'> {
  return {
    ticket_id: row.ticket_id,
    contact_id: row.contact_id,
    company_id: row.company_id,
    company_name: row.company_name,
    company_mode: row.company_mode,
    assignee_id: row.assignee_id,
    title: row.title,
    type_id: row.type_id,
    priority_id: row.priority_id,
    status_id: row.status_id,
    date_created: row.date_created,
    date_due: row.date_due,
    date_assigned: row.date_assigned,
    date_completed: row.date_completed,
    on_hold: asFlag(row.on_hold),
    estimate_required: asFlag(row.estimate_required),
    estimated_time: row.estimated_time,
    estimate_approved: asApproval(row.estimate_approved),
  };
}
