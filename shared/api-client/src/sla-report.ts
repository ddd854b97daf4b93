import useSWR from 'swr';
import type { SlaReportAnswer } from '@portal/contract';
import { pathOf, slaReportEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const slaReportKey = (month: string, companyId?: number) => pathOf(api.slaReport, {}, { month, company_id: companyId });

/** The monthly response-times report (docs/product/response-times.md#the-monthly-report): admins only. */
export interface SlaReportApi {
  report(month: string, companyId?: number): Promise<SlaReportAnswer>;
}

export function createSlaReportApi(http: Http): SlaReportApi {
  return {
    report: (month, companyId) => http(api.slaReport, { query: { month, company_id: companyId } }),
  };
}

/** The month's report ('YYYY-MM'), of one company or all. */
export function useSlaReport(month: string, companyId?: number) {
  const client = useApiClient();
  return useSWR(slaReportKey(month, companyId), () => client.slaReport.report(month, companyId));
}
