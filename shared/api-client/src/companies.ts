import useSWR from 'swr';
import { company, ticket, type Company, type Ticket } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const companiesKey = '/company';
export const companyKey = (companyId: number) => `/company/${companyId}`;
export const companyTicketsKey = (companyId: number) => `/company/${companyId}/tickets`;

export interface CompaniesApi {
  list(): Promise<Company[]>;
  get(companyId: number): Promise<Company>;
  tickets(companyId: number): Promise<Ticket[]>;
}

export function createCompaniesApi(http: Http): CompaniesApi {
  return {
    list: () => http('GET', companiesKey, company.array()),
    get: (companyId) => http('GET', companyKey(companyId), company),
    tickets: (companyId) => http('GET', companyTicketsKey(companyId), ticket.array()),
  };
}

export function useCompanies() {
  const client = useApiClient();
  return useSWR(companiesKey, () => client.companies.list());
}

export function useCompany(companyId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId ? companyKey(companyId) : null, () => client.companies.get(companyId as number));
}

export function useCompanyTickets(companyId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId ? companyTicketsKey(companyId) : null, () => client.companies.tickets(companyId as number));
}
