import { useEffect, useState } from 'react';
import { Button, Field, HStack, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useCompanies, useCompanySlaTargets, useLookupList, useSlaMutations } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { companyTargetsOf, targetRowsOf, type TargetRow } from './response-times-form';
import { TargetsTable } from './targets-table';

/**
 * A company's own targets (docs/product/response-times.md#who-sets-them): they replace the default targets for its
 * tickets; 'Follow the default targets' removes them.
 */
export function CompanyTargets() {
  const t = useT();
  const { data: companies } = useCompanies();
  const priorities = useLookupList('priority-defaults');
  const [companyId, setCompanyId] = useState<number | null>(null);
  const { data: stored } = useCompanySlaTargets(companyId);
  const { saveCompanyTargets } = useSlaMutations();
  const [rows, setRows] = useState<TargetRow[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<'own' | 'defaults' | null>(null);

  useEffect(() => {
    setRows(stored && stored.company_id === companyId ? targetRowsOf(stored.targets ?? [], priorities) : null);
    // Rows are filled once per company read; typing must not be reset by a new priorities array.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stored, companyId]);

  async function save(targets: Parameters<typeof saveCompanyTargets>[1]['targets'], done: 'own' | 'defaults') {
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
    else void save(checked.targets, 'own');
  }

  return (
    <Stack gap="3" as="section" aria-label={t('responseTimes.companyHeading')}>
      <Heading as="h3" size="sm">{t('responseTimes.companyHeading')}</Heading>
      <Text color="fg.muted" fontSize="sm">{t('responseTimes.companyIntro')}</Text>
      <Field.Root maxW="sm">
        <Field.Label>{t('responseTimes.company')}</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={companyId ?? ''}
            onChange={(event) => {
              setCompanyId(event.target.value === '' ? null : Number(event.target.value));
              setError(null);
              setSaved(null);
            }}
          >
            <option value="">{t('responseTimes.chooseCompany')}</option>
            {(companies ?? []).map((company) => <option key={company.company_id} value={company.company_id}>{company.name}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <ErrorAlert message={error} />
      {rows && stored ? (
        <Stack gap="2">
          <Text fontSize="sm">{t(stored.targets === null ? 'responseTimes.followsDefaults' : 'responseTimes.hasOwn')}</Text>
          <TargetsTable label={t('responseTimes.companyTable')} targets={rows} onChange={(row) => setRows(rows.map((r) => (r.priority_id === row.priority_id ? row : r)))} />
          <HStack justify="end" gap="3">
            {saved ? <Text role="status" fontSize="sm">{t(saved === 'own' ? 'responseTimes.companySaved' : 'responseTimes.companyFollows')}</Text> : null}
            {stored.targets !== null ? (
              <Button variant="outline" disabled={busy} onClick={() => void save(null, 'defaults')}>{t('responseTimes.followDefaults')}</Button>
            ) : null}
            <Button colorPalette="blue" loading={busy} onClick={submit}>{t('responseTimes.saveCompany')}</Button>
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}
