import { useState } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { Company } from '@portal/contract';
import { useCompanyMutations } from '@portal/api-client';
import { DELETE_CONFIRMATION_WORD, MESSAGES, isDeleteConfirmed } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog, ErrorAlert, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';

/**
 * The delete tab (group 1). Typing DELETE exactly enables the button; after the confirmation
 * the company really is deleted (what that keeps: docs/product/companies-and-contacts.md#deleting-a-company) and the admin goes
 * to /admins. A button that only logged and pretended to delete would be worse (docs/product/companies-and-contacts.md#departures).
 */
export function DeleteCompanyTab({ company }: { company: Company }) {
  const t = useT();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const { remove } = useCompanyMutations();
  const [typed, setTyped] = useState('');
  const deletion = useConfirmedDelete((doomed: Company) => remove(doomed.company_id), {
    failureMessage: MESSAGES.deleteCompanyFailed,
    onDeleted: () => void navigate('/admins'),
  });

  return (
    <Stack gap="4" maxW="lg">
      <Text>{t('deleteCompany.explanation', { company: company.name })}</Text>
      <ErrorAlert message={deletion.error} />
      <Field.Root>
        <Field.Label>{t('deleteCompany.typeToConfirm', { word: DELETE_CONFIRMATION_WORD })}</Field.Label>
        <Input value={typed} autoComplete="off" onChange={(event) => setTyped(event.currentTarget.value)} />
      </Field.Root>
      <Button colorPalette="red" alignSelf="start" disabled={!isDeleteConfirmed(typed)} onClick={() => deletion.ask(company)}>
        {t('deleteCompany.button')}
      </Button>
      <ConfirmDialog
        {...deletion.dialog}
        title={t('deleteCompany.confirmTitle', { company: company.name })}
        message={messageText(MESSAGES.confirmDeleteCompany)}
        confirmLabel={t('deleteCompany.button')}
      />
    </Stack>
  );
}
