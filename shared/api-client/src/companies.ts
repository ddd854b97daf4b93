import useSWR, { useSWRConfig } from 'swr';
import type {
  Company, CompanyContact, CompanyContactCreate, CompanyContactUpdate, CompanyCreate, CompanyWithPrimary, CompanyUpdate, CompanyUpdateAnswer, MetaEntry,
} from '@portal/contract';
import { useApiClient } from './api-client-context';
import { ApiError } from './api-error';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

export const companiesKey = '/company';
export const companiesWithPrimaryKey = '/company?include=primary';
export const companyKey = (companyId: number) => `/company/${companyId}`;
export const companyContactsKey = (companyId: number) => `/company/${companyId}/contacts`;
export const companyMetaKey = (companyId: number, key: string) => `/company/${companyId}/meta/${encodeURIComponent(key)}`;
export const companyContactKey = (companyId: number, contactId: number) => `/company/${companyId}/contacts/${contactId}`;

export interface CompaniesApi {
  list(): Promise<Company[]>;
  /** Staff: every company with its primary contact (Manage Companies). */
  listWithPrimary(): Promise<CompanyWithPrimary[]>;
  get(companyId: number): Promise<Company>;
  /** The company's contacts, primary first. */
  contacts(companyId: number): Promise<CompanyContact[]>;
  /** One meta entry (default_agent, type_assignments); null when the company has none. */
  meta(companyId: number, key: string): Promise<MetaEntry | null>;
  create(input: CompanyCreate): Promise<Company>;
  /** Name, url, description; mode, services, default agent (admins; mode 3 and 4 close open tickets); note (staff). */
  update(companyId: number, changes: CompanyUpdate): Promise<CompanyUpdateAnswer>;
  /** Writes one meta entry (type_assignments, maintenance_prefs, default_agent, services) as text. */
  saveMeta(companyId: number, key: string, value: string | null): Promise<MetaEntry>;
  /** Is a company's site already taken (compared without scheme, www. and trailing slash)? */
  urlTaken(url: string): Promise<boolean>;
  remove(companyId: number): Promise<void>;
  addContact(companyId: number, input: CompanyContactCreate): Promise<CompanyContact>;
  updateContact(companyId: number, contactId: number, changes: CompanyContactUpdate): Promise<CompanyContact>;
  /** Unlinks the contact; it stays in the system. */
  removeContact(companyId: number, contactId: number): Promise<void>;
}

export function createCompaniesApi(http: Http): CompaniesApi {
  return {
    list: () => http('GET', companiesKey, (c) => c.company.array()),
    listWithPrimary: () => http('GET', companiesWithPrimaryKey, (c) => c.companyWithPrimary.array()),
    get: (companyId) => http('GET', companyKey(companyId), (c) => c.company),
    contacts: (companyId) => http('GET', companyContactsKey(companyId), (c) => c.companyContact.array()),
    meta: async (companyId, key) => {
      try {
        return await http('GET', companyMetaKey(companyId, key), (c) => c.metaEntry);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    create: (input) => http('POST', companiesKey, (c) => c.company, { body: input }),
    update: (companyId, changes) => http('PUT', companyKey(companyId), (c) => c.companyUpdateAnswer, { body: changes }),
    saveMeta: (companyId, key, value) =>
      http('PUT', companyMetaKey(companyId, key), (c) => c.metaEntry, { body: { company_id: companyId, meta_key: key, meta_value: value } }),
    urlTaken: async (url) => {
      const answer = await http('GET', `/company/search?field=url&value=${encodeURIComponent(url)}`, (c) => c.companySearchAnswer);
      return answer.exists;
    },
    remove: async (companyId) => {
      await http('DELETE', companyKey(companyId), (c) => c.deletedAnswer);
    },
    addContact: (companyId, input) => http('POST', companyContactsKey(companyId), (c) => c.companyContact, { body: input }),
    updateContact: (companyId, contactId, changes) =>
      http('PUT', companyContactKey(companyId, contactId), (c) => c.companyContact, { body: changes }),
    removeContact: async (companyId, contactId) => {
      await http('DELETE', companyContactKey(companyId, contactId), (c) => c.deletedAnswer);
    },
  };
}

/** Every company (staff); `enabled` false asks nothing (a client may not list them). */
export function useCompanies(enabled = true) {
  const client = useApiClient();
  return useSWR(enabled ? companiesKey : null, () => client.companies.list());
}

export function useCompaniesWithPrimary() {
  const client = useApiClient();
  return useSWR(companiesWithPrimaryKey, () => client.companies.listWithPrimary());
}

export function useCompany(companyId: number | null | undefined, options: ReadOptions = {}) {
  const client = useApiClient();
  return useSWR(companyId ? companyKey(companyId) : null, () => client.companies.get(companyId as number), options);
}

export function useCompanyContacts(companyId: number | null | undefined) {
  const client = useApiClient();
  return useSWR(companyId ? companyContactsKey(companyId) : null, () => client.companies.contacts(companyId as number));
}

/** Company writes; each revalidates what it changes (the company, its tickets, contacts, meta and time totals). Errors reach the caller. */
export function useCompanyMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = (companyId: number) =>
    Promise.all([
      mutate(companyKey(companyId)),
      mutate(companiesKey),
      mutate((key) => typeof key === 'string' && key.startsWith(`/company/${companyId}/`)),
    ]);
  return {
    async create(input: CompanyCreate) {
      const created = await client.companies.create(input);
      await mutate(companiesKey);
      return created;
    },
    async update(companyId: number, changes: CompanyUpdate) {
      const saved = await client.companies.update(companyId, changes);
      await refresh(companyId);
      return saved;
    },
    async saveMeta(companyId: number, key: string, value: string | null) {
      const saved = await client.companies.saveMeta(companyId, key, value);
      await refresh(companyId);
      return saved;
    },
    urlTaken: (url: string) => client.companies.urlTaken(url),
    async remove(companyId: number) {
      await client.companies.remove(companyId);
      await Promise.all([mutate(companiesKey), mutate(companiesWithPrimaryKey)]);
      await mutate(companyKey(companyId), undefined, { revalidate: false });
    },
  };
}

/** A company's contact list writes; each revalidates the list. */
export function useCompanyContactMutations(companyId: number) {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  const refresh = () => Promise.all([mutate(companyContactsKey(companyId)), mutate(companyKey(companyId))]);
  return {
    async add(input: CompanyContactCreate) {
      const added = await client.companies.addContact(companyId, input);
      await refresh();
      return added;
    },
    async save(contactId: number, changes: CompanyContactUpdate) {
      const saved = await client.companies.updateContact(companyId, contactId, changes);
      await refresh();
      return saved;
    },
    async remove(contactId: number) {
      await client.companies.removeContact(companyId, contactId);
      await refresh();
    },
  };
}
