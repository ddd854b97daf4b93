// What billing keeps of a deleted company (docs/product/time-and-billing.md#deleted-companies): its time
// stays under the name it had, its issued invoices stay readable by admins, and its month can still be
// issued. With no company left there is no primary contact to mail the invoice to.

/** The heading of the admin invoices screen's list of deleted companies' invoices. */
export const DELETED_COMPANIES_INVOICES_TITLE = "Deleted companies' invoices";

/** What that list says when there is nothing in it. */
export const NO_DELETED_COMPANY_INVOICES = 'No deleted company has an issued invoice.';

/** The line a deleted company's month shows on the admin invoices screen. */
export function deletedCompanyMonthNote(companyName: string, issued: boolean): string {
  return issued
    ? `${companyName} was deleted. Its issued invoice stays readable here.`
    : `${companyName} was deleted. This month can still be issued; no one receives it by e-mail, so print it from its page.`;
}

/** Whose inbox an issued invoice goes to: the company's primary contacts, none when the company is gone. */
export function invoiceMailRecipients<T extends { primary: number }>(companyExists: boolean, contacts: readonly T[]): T[] {
  return companyExists ? contacts.filter((contact) => contact.primary === 1) : [];
}

/** How many months `month` ('YYYY-MM') lies before `currentMonth`: the admin invoices screen's offset (0 this month); null when after. */
export function monthOffsetOf(month: string, currentMonth: string): number | null {
  const index = (value: string) => {
    const [year, monthNumber] = value.split('-').map(Number);
    return (year ?? 0) * 12 + (monthNumber ?? 1) - 1;
  };
  const offset = index(currentMonth) - index(month);
  return Number.isInteger(offset) && offset >= 0 ? offset : null;
}
