import { Skeleton } from '@chakra-ui/react';
import { useCompany, useCompanyMutations } from '@portal/api-client';
import { DEFAULT_MAINTENANCE_PREFS, metaValueOf, parseMaintenancePrefs } from '@portal/domain';
import { ErrorAlert, type MaintenancePrefsProps } from '@portal/ui';
import { MaintenancePrefsForm } from './maintenance-prefs-form';

/** The company's saved plan, written to its maintenance_prefs meta. */
function CompanyMaintenancePrefs({ companyId }: { companyId: number }) {
  const { data: company, error } = useCompany(companyId);
  const { saveMeta } = useCompanyMutations();
  if (error && !company) return <ErrorAlert message={error} />;
  if (!company) return <Skeleton height="40" />;
  return (
    <MaintenancePrefsForm
      initial={parseMaintenancePrefs(metaValueOf(company.meta, 'maintenance_prefs'))}
      onSave={(prefs) => saveMeta(companyId, 'maintenance_prefs', JSON.stringify(prefs))}
    />
  );
}

/**
 * Exposed as `companies/MaintenancePrefs`. With a `companyId` it saves to that company; without
 * one it hands the saved choice to `onSave` (the registration wizard keeps it until the end).
 */
export function MaintenancePrefs(props: MaintenancePrefsProps) {
  if (props.companyId !== undefined) return <CompanyMaintenancePrefs companyId={props.companyId} />;
  return (
    <MaintenancePrefsForm
      initial={props.value ?? DEFAULT_MAINTENANCE_PREFS}
      onSave={async (prefs) => props.onSave?.(prefs)}
    />
  );
}
