// The cells of the CSV exports (docs/product/integrations.md#exports). A spreadsheet opening the file runs a cell that
// begins with = + - or @ (or a tab or carriage return before one) as a formula: text a client typed into a ticket
// could then call out or run commands on the reader's machine (OWASP "CSV injection"). Such text is prefixed with
// an apostrophe, which the spreadsheet shows as text. Numbers the portal writes itself stay numbers.

const FORMULA_START = /^[=+\-@\t\r]/;

/** A value as its CSV cell: text neutralised, numbers as written, nothing for a missing value, yes/no for a flag. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number') return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The download's file name: `tickets-2026-12-07.csv`, `day` being the exporting day ('YYYY-MM-DD'). */
export function csvFileName(kind: 'tickets' | 'time' | 'invoices', day: string): string {
  return `${kind}-${day}.csv`;
}
