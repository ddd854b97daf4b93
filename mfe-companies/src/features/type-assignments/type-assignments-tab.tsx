import { useCompanyMutations, useLookupList, useStaff } from '@portal/api-client';
import type { Company } from '@portal/contract';
import { metaValueOf, parseTypeAssignments } from '@portal/domain';
import { TypeAssignmentsForm } from '@portal/features';
import { useT } from '../../messages';

/** Group 1: the company's ticket-type -> agent map, which wins over the global one at creation. */
export function TypeAssignmentsTab({ company }: { company: Company }) {
  const t = useT();
  const types = useLookupList('type-defaults');
  const { data: staff } = useStaff();
  const { saveMeta } = useCompanyMutations();
  return (
    <TypeAssignmentsForm
      key={staff ? 'loaded' : 'loading'}
      types={types}
      agents={staff ?? []}
      value={parseTypeAssignments(metaValueOf(company.meta, 'type_assignments'))}
      fallbackLabel={t('assignments.global')}
      onSave={(map) => saveMeta(company.company_id, 'type_assignments', JSON.stringify(map))}
    />
  );
}
