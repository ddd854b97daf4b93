import useSWR from 'swr';
import type { HourBankAnswer, HourBankUpdate, OverageApprovalAnswer } from '@portal/contract';
import { hourBankEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { pollInterval } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useLiveStatus } from './live-status';
import { useRefreshAfter } from './refresh-after';

/** A company's plan hours of this month (docs/product/hour-banks.md); a time write's live change makes it stale. */
export const hourBankKey = (companyId: number) => pathOf(api.hourBank, { id: companyId });
/** A ticket's latest request to work beyond the plan; the ticket's live change makes it stale. */
export const overageApprovalKey = (ticketId: number) => pathOf(api.overageApproval, { id: ticketId });
/** Without the live stream the balance is re-read this often. */
export const HOUR_BANK_POLL_MS = 10_000;

export interface HourBankApi {
  get(companyId: number): Promise<HourBankAnswer>;
  update(companyId: number, body: HourBankUpdate): Promise<HourBankAnswer>;
  approval(ticketId: number): Promise<OverageApprovalAnswer>;
  ask(ticketId: number, hours: number | string): Promise<OverageApprovalAnswer>;
  approve(ticketId: number): Promise<OverageApprovalAnswer>;
  decline(ticketId: number): Promise<OverageApprovalAnswer>;
}

export function createHourBankApi(http: Http): HourBankApi {
  return {
    get: (companyId) => http(api.hourBank, { params: { id: companyId } }),
    update: (companyId, body) => http(api.updateHourBank, { params: { id: companyId }, body }),
    approval: (ticketId) => http(api.overageApproval, { params: { id: ticketId } }),
    ask: (ticketId, hours) => http(api.askOverageApproval, { params: { id: ticketId }, body: { hours } }),
    approve: (ticketId) => http(api.approveOverage, { params: { id: ticketId } }),
    decline: (ticketId) => http(api.declineOverage, { params: { id: ticketId } }),
  };
}

/** The company's balance and settings; null company reads nothing. */
export function useHourBank(companyId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(companyId ? hourBankKey(companyId) : null, () => client.hourBank.get(companyId as number), {
    refreshInterval: pollInterval(HOUR_BANK_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

/** The ticket's approval request; null ticket reads nothing. */
export function useOverageApproval(ticketId: number | null | undefined) {
  const client = useApiClient();
  const live = useLiveStatus();
  return useSWR(ticketId ? overageApprovalKey(ticketId) : null, () => client.hourBank.approval(ticketId as number), {
    refreshInterval: pollInterval(HOUR_BANK_POLL_MS, live),
    refreshWhenHidden: false,
  });
}

export function useHourBankMutations(companyId: number) {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(hourBankKey(companyId));
  return { update: (body: HourBankUpdate) => thenRefresh(client.hourBank.update(companyId, body)) };
}

export function useOverageApprovalMutations(ticketId: number) {
  const client = useApiClient();
  const thenRefresh = useRefreshAfter(overageApprovalKey(ticketId));
  return {
    ask: (hours: number | string) => thenRefresh(client.hourBank.ask(ticketId, hours)),
    approve: () => thenRefresh(client.hourBank.approve(ticketId)),
    decline: () => thenRefresh(client.hourBank.decline(ticketId)),
  };
}
