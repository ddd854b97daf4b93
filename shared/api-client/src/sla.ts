import useSWR, { useSWRConfig } from 'swr';
import type { CompanySlaTargets, CompanySlaTargetsSave, SlaSettings, SlaSettingsSave } from '@portal/contract';
import { pathOf, slaEndpoints as api } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';

export const slaSettingsKey = pathOf(api.slaSettings);
export const companySlaTargetsKey = (companyId: number) => pathOf(api.companySlaTargets, { id: companyId });

/** Response-time promises (docs/product/response-times.md): admins only. */
export interface SlaApi {
  settings(): Promise<SlaSettings>;
  saveSettings(body: SlaSettingsSave): Promise<SlaSettings>;
  companyTargets(companyId: number): Promise<CompanySlaTargets>;
  saveCompanyTargets(companyId: number, body: CompanySlaTargetsSave): Promise<CompanySlaTargets>;
}

export function createSlaApi(http: Http): SlaApi {
  return {
    settings: () => http(api.slaSettings),
    saveSettings: (body) => http(api.saveSlaSettings, { body }),
    companyTargets: (companyId) => http(api.companySlaTargets, { params: { id: companyId } }),
    saveCompanyTargets: (companyId, body) => http(api.saveCompanySlaTargets, { params: { id: companyId }, body }),
  };
}

/** The business hours, holidays and targets per priority. */
export function useSlaSettings() {
  const client = useApiClient();
  return useSWR(slaSettingsKey, () => client.sla.settings());
}

/** A company's own targets (null: it follows the provider's); `null` reads nothing. */
export function useCompanySlaTargets(companyId: number | null) {
  const client = useApiClient();
  return useSWR(companyId === null ? null : companySlaTargetsKey(companyId), () => client.sla.companyTargets(companyId!));
}

/** Saves; each puts the saved answer in its key. */
export function useSlaMutations() {
  const client = useApiClient();
  const { mutate } = useSWRConfig();
  return {
    saveSettings: async (body: SlaSettingsSave) => {
      const saved = await client.sla.saveSettings(body);
      await mutate(slaSettingsKey, saved, { revalidate: false });
      return saved;
    },
    saveCompanyTargets: async (companyId: number, body: CompanySlaTargetsSave) => {
      const saved = await client.sla.saveCompanyTargets(companyId, body);
      await mutate(companySlaTargetsKey(companyId), saved, { revalidate: false });
      return saved;
    },
  };
}
