import useSWR from 'swr';
import {
  company, companyContact, metaEntry, ticketSummary, type Company, type CompanyContact, type MetaEntry, type TicketSummary,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import { ApiError } from './api-error';
import type { Http } from './http';

export const companiesKey = '/company';
export const companyKey = (companyId: number) => `/company/${companyId}`;
export const companyTicketsKey = (companyId: number) => `/company/${companyId}/tickets`;
export const companyContactsKey = (companyId: number) => `/company/${companyId}/contacts`;
export const companyMetaKey = (companyId: number, key: string) => `/company/${companyId}/meta/${encodeURIComponent(key)}`;

export interface CompaniesApi {
  list(): Promise<Company[]>;
  get(companyId: number): Promise<Company>;
  /**
   * The client dashboard's list, without descriptions: every open ticket and the newest 50
   * completed ones (the API's default `completed_limit`); cancelled tickets are not listed.
   */
  tickets(companyId: number): Promise<TicketSummary[]>;
  /** The company's contacts, primary first. */
  contacts(companyId: number): Promise<CompanyContact[]>;
  /** One meta entry (default_agent, type_assignments); null when the company has none. */
  meta(companyId: number, key: string): Promise<MetaEntry | null>;
}

export function createCompaniesApi(http: Http): CompaniesApi {
  return {
    list: () => http('GET', companiesKey, company.array()),
    get: (companyId) => http('GET', companyKey(companyId), company),
    tickets: (companyId) => http('GET', companyTicketsKey(companyId), ticketSummary.array()),
    contacts: (companyId) => http('GET', companyContactsKey(companyId), companyContact.array()),
    meta: async (companyId, key) => {
      try {
        return await http('GET', companyMetaKey(companyId, key), metaEntry);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
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

export function useCompanyContacts(companyId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId ? companyContactsKey(companyId) : null, () => client.companies.contacts(companyId as number));
}
