import { expect, type APIRequestContext } from '@playwright/test';

/** A company's id by its name, read through the API as whoever `request` is signed in as (staff see every company). */
export async function companyIdOf(request: APIRequestContext, name: string): Promise<number> {
  const companies = (await (await request.get('/api/company')).json()) as { company_id: number; name: string }[];
  const found = companies.find((company) => company.name === name);
  expect(found, name).toBeDefined();
  return found!.company_id;
}

/** An issued invoice of `companyId`, for a month no other journey issues (two months back, or three): issued first by an admin `request`; once issued, they stay. */
export async function issuedInvoiceId(request: APIRequestContext, companyId: number, summary: string): Promise<number> {
  for (const offset of [2, 3]) {
    await request.post(`/api/company/${companyId}/invoices`, { data: { offset, time_zone: 'UTC', summary } });
  }
  const invoices = (await (await request.get(`/api/company/${companyId}/invoices`)).json()) as { invoice_id: number }[];
  expect(invoices.length, 'issued invoices').toBeGreaterThan(0);
  return invoices[0]!.invoice_id;
}
