import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useStaff, useTicketMutations, errorMessage } from '@portal/api-client';
import type { LookupItem } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../messages';

/** Selected tickets (long press) are assigned and/or moved in one action (PUT /ticket/bulk). */
export function BulkActionBar({ ticketIds, statuses, onDone }: { ticketIds: number[]; statuses: readonly LookupItem[]; onDone(): void }) {
  const t = useT();
  const messageText = useMessageText();
  const { data: staff } = useStaff();
  const { bulkUpdate } = useTicketMutations();
  const [assignee, setAssignee] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = async () => {
    setSaving(true);
    setError(null);
    try {
      await bulkUpdate({
        ticket_ids: ticketIds,
        ...(assignee !== '' ? { assignee_id: assignee === 'none' ? null : Number(assignee) } : {}),
        ...(status !== '' ? { status_id: Number(status) } : {}),
      });
      onDone();
    } catch (cause) {
      setError(messageText(errorMessage(cause)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack role="region" aria-label={t('bulk.region')} borderWidth="1px" borderColor="blue.300" bg="blue.50" borderRadius="md" p="3" gap="2">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium">{t('bulk.selected', { count: ticketIds.length })}</Text>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label={t('bulk.assignTo')} value={assignee} onChange={(e) => setAssignee(e.currentTarget.value)}>
            <option value="">{t('bulk.keepAssignee')}</option>
            <option value="none">{t('bulk.unassigned')}</option>
            {(staff ?? []).map((person) => (
              <option key={person.contact_id} value={person.contact_id}>
                {person.first_name} {person.last_name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field aria-label={t('bulk.moveTo')} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
            <option value="">{t('bulk.keepStatus')}</option>
            {statuses.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button size="sm" colorPalette="blue" onClick={() => void apply()} loading={saving} disabled={assignee === '' && status === ''}>
          {t('bulk.apply')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone} disabled={saving}>
          {t('bulk.clear')}
        </Button>
      </HStack>
      <ErrorAlert message={error} size="sm" />
    </Stack>
  );
}
