import { useState } from 'react';
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { DUE_DATE_MAX_YEAR, DUE_DATE_MIN_YEAR, dueDateFromInput } from '@portal/domain';
import { DateText } from '@portal/ui';
import { useRefreshHold } from '../hooks/use-refresh-hold';
import type { ChangeTicket } from './types';

/** 'YYYY-MM-DD' of an ISO instant on the user's calendar, for the date input. */
function dayInZone(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  return parts;
}

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

  async function save(value: string, clearing = false) {
    setSaving(true);
    const entry = clearing ? '' : value === '' && badInput ? 'invalid' : value;
    const result = dueDateFromInput(entry, new Date(), timeZone);
    if (await onChange({ date_due: result.date ? result.date.toISOString() : null })) setEditing(null);
    setSaving(false);
  }

  return (
    <Stack gap="1" role="group" aria-label="Due date">
      <Text fontWeight="semibold">Due Date</Text>
      {editing !== null ? (
        <Stack gap="2">
          <Input
            type="date"
            size="sm"
            aria-label="Due date"
            min={`${DUE_DATE_MIN_YEAR}-01-01`}
            max={`${DUE_DATE_MAX_YEAR}-12-31`}
            value={editing}
            onChange={(e) => {
              setEditing(e.target.value);
              setBadInput(e.target.validity?.badInput === true);
            }}
          />
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => void save(editing)} loading={saving}>
              Save Due Date
            </Button>
            <Button size="sm" variant="outline" onClick={() => void save('', true)} disabled={saving}>
              Clear
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={saving}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack justify="space-between">
          {ticket.date_due ? <DateText iso={ticket.date_due} timeZone={timeZone} withTime data-testid="due-date" /> : <Text color="fg.muted">No due date</Text>}
          {canEdit ? (
            <Button size="xs" variant="outline" onClick={() => setEditing(dayInZone(ticket.date_due, timeZone))}>
              Change
            </Button>
          ) : null}
        </HStack>
      )}
    </Stack>
  );
}
