import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { dayInZone, dueDateFromInput } from '@portal/domain';
import { DateText } from '@portal/ui';
import { DueDateInput } from '../../components/due-date-input';
import { useRefreshHold } from './hooks/use-refresh-hold';
import { useT } from '../../messages';
import type { ChangeTicket } from './components/types';

/**
 * The due date (staff edit it): a day between 1900 and 2099 at 16:00; clearing sets null; an
 * invalid entry becomes about 6 days ahead at 16:00 (the domain's rule).
 */
export function DueDateField({ ticket, canEdit, timeZone, onChange }: { ticket: TicketDetail; canEdit: boolean; timeZone: string; onChange: ChangeTicket }) {
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A half-typed date reads as '' in the input; it is an invalid entry, not a clearing.
  const [badInput, setBadInput] = useState(false);
  useRefreshHold(editing !== null);
  const t = useT();

  async function save(value: string, clearing = false) {
    setSaving(true);
    const entry = clearing ? '' : value === '' && badInput ? 'invalid' : value;
    const result = dueDateFromInput(entry, new Date(), timeZone);
    if (await onChange({ date_due: result.date ? result.date.toISOString() : null })) setEditing(null);
    setSaving(false);
  }

  return (
    <Stack gap="1" role="group" aria-label={t('dueDate.label')}>
      <Text fontWeight="semibold">{t('dueDate.heading')}</Text>
      {editing !== null ? (
        <Stack gap="2">
          <DueDateInput
            size="sm"
            aria-label={t('dueDate.label')}
            value={editing}
            onChange={(e) => {
              setEditing(e.target.value);
              setBadInput(e.target.validity?.badInput === true);
            }}
          />
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => void save(editing)} loading={saving}>
              {t('dueDate.save')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => void save('', true)} disabled={saving}>
              {t('dueDate.clear')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={saving}>
              {t('dueDate.cancel')}
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack justify="space-between">
          {ticket.date_due ? <DateText iso={ticket.date_due} timeZone={timeZone} withTime data-testid="due-date" /> : <Text color="fg.muted">{t('dueDate.none')}</Text>}
          {canEdit ? (
            <Button size="xs" variant="outline" onClick={() => setEditing(ticket.date_due ? dayInZone(new Date(ticket.date_due), timeZone) : '')}>
              {t('dueDate.change')}
            </Button>
          ) : null}
        </HStack>
      )}
    </Stack>
  );
}
