import useSWR from 'swr';
import { staffContact, type StaffContact } from '@portal/contract';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const staffKey = '/contact?group=staff';

export interface StaffApi {
  /** Active contacts of groups 1-4 (the assignee dropdown); staff only. */
  list(): Promise<StaffContact[]>;
}

export function createStaffApi(http: Http): StaffApi {
  return {
    list: () => http('GET', staffKey, staffContact.array()),
  };
}

export function useStaff(enabled = true) {
  const client = useApiClient();
  return useSWR(enabled ? staffKey : null, () => client.staff.list(), { revalidateOnFocus: false });
}
