import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useCompaniesWithPrimary, useCompanyMutations } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useConfirmDelete } from '../../components/confirm-delete';
import { CompanyRow } from './company-row';

/** Spec 001 §2 "Manage Companies": every company, alphabetical, with its links and Delete. */
export function ManageCompanies() {
  const { data: companies, error } = useCompaniesWithPrimary();
  const { remove } = useCompanyMutations();
  const deletion = useConfirmDelete(MESSAGES.confirmDeleteCompany, MESSAGES.deleteCompanyFailed);
  const sorted = [...(companies ?? [])].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Manage Companies</Heading>
      <ErrorAlert message={deletion.error ?? (companies ? null : error)} />
      {!companies && !error ? <Text>Loading…</Text> : null}
      {companies ? (
        <Table.Root size="sm" interactive>
          <Table.Body>
            {sorted.map((company) => (
              <CompanyRow key={company.company_id} company={company} onDelete={() => deletion.ask(company.name, () => remove(company.company_id))} />
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
      {deletion.dialog}
    </Stack>
  );
}
