import { z } from 'zod';
import { staffListQuery } from './ticket';
import { timeZoneQuery } from './common';

// The CSV exports (docs/product/integrations.md#exports): staff download lists as files, from the screens and the API.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** GET /exports/tickets.csv: the staff list's filters (no statuses: every status the list shows), by ticket number. */
export const ticketExportQuery = staffListQuery.omit({ sort: true, direction: true, limit: true, offset: true });
export type TicketExportQuery = z.input<typeof ticketExportQuery>;

/** GET /exports/time.csv?from=2026-11-01&to=2026-11-30: the entries of those days (both included) in the time zone; contact_id: one worker's. */
export const timeExportQuery = timeZoneQuery.extend({ from: day, to: day, contact_id: z.coerce.number().int().positive().optional() });
export type TimeExportQuery = z.input<typeof timeExportQuery>;

/** GET /exports/invoices.csv: the issued invoices, issued on these days when given. */
export const invoiceExportQuery = z.object({ from: day.optional(), to: day.optional() });
export type InvoiceExportQuery = z.input<typeof invoiceExportQuery>;
