import { useEffect, useState } from 'react';
import { Button, Field, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useCompanies, useCompanySlaTargets, useLookupList, useSlaMutations } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { companyTargetsOf, targetRowsOf, type TargetRow } from './response-times-form';
import { TargetsTable } from './targets-table';

/**
 * A company's own targets (docs/product/response-times.md#who-sets-them): they replace the default targets for its
 * tickets; 'Follow the default targets' removes them.
 */
export function CompanyTargets() {
  const { data: companies } = useCompanies();
  const priorities = useLookupList('priority-defaults');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const { data: stored } = useCompanySlaTargets(companyId);
  const { saveCompanyTargets } = useSlaMutations();
  const [rows, setRows] = useState<TargetRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  useEffect(() => {
    setRows(stored && stored.company_id === companyId ? targetRowsOf(stored.targets ?? [], priorities) : null);
    // Rows are filled once per company read; typing must not be reset by a new priorities array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored, companyId]);

  async function save(targets: Parameters<typeof saveCompanyTargets>[1]['targets'], done: string) {
    if (companyId === null) return;
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      await saveCompanyTargets(companyId, { targets });
      setSaved(done);
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.slaSettingsNotSaved));
    } finally {
      setBusy(false);
    }
  }

  function submit() {
    if (!rows) return;
    const checked = companyTargetsOf(rows, priorities);
    if ('problem' in checked) setError(checked.problem);
    else void save(checked.targets, 'The company’s own targets are saved.');
  }

  return (
    <Stack gap="3" as="section" aria-label="A company's own targets">
      <Heading as="h3" size="sm">A company&apos;s own targets</Heading>
      <Text color="fg.muted" fontSize="sm">A company with its own targets (its maintenance plan, a contract) follows them instead of the defaults above.</Text>
      <Field.Root maxW="sm">
        <Field.Label>Company</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={companyId ?? ''}
            onChange={(event) => {
              setCompanyId(event.target.value === '' ? null : Number(event.target.value));
              setError(null);
              setSaved(null);
            }}
          >
            <option value="">Choose a company</option>
            {(companies ?? []).map((company) => <option key={company.company_id} value={company.company_id}>{company.name}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <ErrorAlert message={error} />
      {rows && stored ? (
        <Stack gap="2">
          <Text fontSize="sm">{stored.targets === null ? 'Follows the default targets.' : 'Has its own targets.'}</Text>
          <TargetsTable label="The company's targets" targets={rows} onChange={(row) => setRows(rows.map((r) => (r.priority_id === row.priority_id ? row : r)))} />
          <HStack justify="end" gap="3">
            {saved ? <Text role="status" fontSize="sm">{saved}</Text> : null}
            {stored.targets !== null ? (
              <Button variant="outline" disabled={busy} onClick={() => void save(null, 'The company follows the default targets.')}>Follow the default targets</Button>
            ) : null}
            <Button colorPalette="blue" loading={busy} onClick={submit}>Save company targets</Button>
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}
