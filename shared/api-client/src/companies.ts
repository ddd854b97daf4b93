import useSWR, { useSWRConfig } from 'swr';
import type {
  Company, CompanyContact, CompanyContactAdded, CompanyContactCreate, CompanyContactUpdate, CompanyCreate, CompanyWithPrimary, CompanyUpdate, CompanyUpdateAnswer, MetaEntry,
} from '@portal/contract';
import { companyContactEndpoints, companyEndpoints as api, companyMetaEndpoints, pathOf } from '@portal/contract/endpoints';
import type { CompanyMetaKey } from '@portal/domain';
import { useApiClient } from './api-client-context';
import { ApiError } from './api-error';
import type { Http } from './http';
import type { ReadOptions } from './read-options';

export const companiesKey = pathOf(api.companies);
export const companiesWithPrimaryKey = pathOf(api.companies, {}, { include: 'primary' });
export const companyKey = (companyId: number) => pathOf(api.company, { id: companyId });
export const companyContactsKey = (companyId: number) => pathOf(companyContactEndpoints.companyContacts, { id: companyId });
export const companyMetaKey = (companyId: number, key: string) => pathOf(companyMetaEndpoints.companyMeta, { id: companyId, key });
export const companyContactKey = (companyId: number, contactId: number) =>
  pathOf(companyContactEndpoints.updateCompanyContact, { id: companyId, contactId });

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
  /** The contact to an admin; an invitation to anyone else (docs/product/companies-and-contacts.md#contacts). */
  addContact(companyId: number, input: CompanyContactCreate): Promise<CompanyContactAdded>;
  updateContact(companyId: number, contactId: number, changes: CompanyContactUpdate): Promise<CompanyContact>;
  /** Unlinks the contact; it stays in the system. */
  removeContact(companyId: number, contactId: number): Promise<void>;
}

export function createCompaniesApi(http: Http): CompaniesApi {
  return {
    list: () => http(api.companies),
    listWithPrimary: () => http(api.companies, { query: { include: 'primary' } }),
    get: (companyId) => http(api.company, { params: { id: companyId } }),
    contacts: (companyId) => http(companyContactEndpoints.companyContacts, { params: { id: companyId } }),
    meta: async (companyId, key) => {
      try {
        return await http(companyMetaEndpoints.companyMeta, { params: { id: companyId, key } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    create: (input) => http(api.createCompany, { body: input }),
    update: (companyId, changes) => http(api.updateCompany, { params: { id: companyId }, body: changes }),
    // The server refuses a key it does not know (400); the type takes any text, as callers hold one.
    saveMeta: (companyId, key, value) => http(companyMetaEndpoints.saveCompanyMeta, {
      params: { id: companyId, key: key as CompanyMetaKey }, body: { company_id: companyId, meta_key: key, meta_value: value },
    }),
    urlTaken: async (url) => {
      const answer = await http(api.companySearch, { query: { field: 'url', value: url } });
      return answer.exists;
    },
    remove: async (companyId) => {
      await http(api.deleteCompany, { params: { id: companyId } });
    },
    addContact: (companyId, input) => http(companyContactEndpoints.addCompanyContact, { params: { id: companyId }, body: input }),
    updateContact: (companyId, contactId, changes) =>
      http(companyContactEndpoints.updateCompanyContact, { params: { id: companyId, contactId }, body: changes }),
    removeContact: async (companyId, contactId) => {
      await http(companyContactEndpoints.removeCompanyContact, { params: { id: companyId, contactId } });
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
