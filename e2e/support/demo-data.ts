import { expect, type APIRequestContext } from '@playwright/test';

/** A company's id by its name, read through the API as whoever `request` is signed in as (staff see every company). */
export async function companyIdOf(request: APIRequestContext, name: string): Promise<number> {
  const companies = (await (await request.get('/api/company')).json()) as { company_id: number; name: string }[];
  const found = companies.find((company) => company.name === name);
  expect(found, name).toBeDefined();
  return found!.company_id;
}
