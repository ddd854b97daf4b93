import { Box, Heading, Stack, Table } from '@chakra-ui/react';
import { useCompaniesWithPrimary, useCompanyMutations } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog, ErrorAlert, ListStates, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';
import { CompanyRow } from './company-row';

/** Manage Companies (docs/product/companies-and-contacts.md#agents): every company, alphabetical, with its links and Delete. */
export function ManageCompanies() {
  const t = useT();
  const text = useMessageText();
  const { data: companies, error } = useCompaniesWithPrimary();
  const { remove } = useCompanyMutations();
  const deletion = useConfirmedDelete((company: { id: number; name: string }) => remove(company.id), { failureMessage: MESSAGES.deleteCompanyFailed });
  const sorted = companies ? [...companies].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' })) : undefined;

  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">{t('manageCompanies.heading')}</Heading>
      <ErrorAlert message={deletion.error} />
      <ListStates data={sorted} error={error}>
        {(list) => (
          <Box overflowX="auto">
            <Table.Root size="sm" interactive>
              <Table.Body>
                {list.map((company) => (
                  <CompanyRow key={company.company_id} company={company} onDelete={() => deletion.ask({ id: company.company_id, name: company.name })} />
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </ListStates>
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.pending ? t('manageCompanies.confirmTitle', { company: deletion.pending.name }) : undefined}
        message={text(MESSAGES.confirmDeleteCompany)}
      />
    </Stack>
  );
}
