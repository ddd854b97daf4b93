import { useState } from 'react';
import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import {
  ESTIMATE_MAX_HOURS, MINUTE_MAX, UNIT_MINUTES, estimateAnswer, estimateInputFromUnits, estimateUnitsFromInput, formatUnitsHhmm,
} from '@portal/domain';
import { useRefreshHold } from '../hooks/use-refresh-hold';
import type { ChangeTicket } from './types';

function approvalLabel(ticket: TicketDetail): { text: string; color: string } | null {
  if (ticket.estimated_time <= 0) return ticket.estimate_required ? { text: 'Estimate required', color: 'red' } : null;
  if (ticket.estimate_approved === 1) return { text: 'Approved', color: 'green' };
  if (ticket.estimate_approved === 0) return { text: 'Rejected', color: 'red' };
  return { text: 'Awaiting approval', color: 'orange' };
}

/**
 * The estimate: staff set it (hours 0-8, minutes 0-54 in steps of 6, a negative total is 0);
 * whoever may answer it (the client) gets Accept and Reject while it awaits approval.
 */
export function EstimateBlock({ ticket, canSet, canAnswer, onChange }: { ticket: TicketDetail; canSet: boolean; canAnswer: boolean; onChange: ChangeTicket }) {
  const [editing, setEditing] = useState<{ hours: string; minutes: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useRefreshHold(editing !== null);
  const approval = approvalLabel(ticket);
  const awaiting = ticket.estimated_time > 0 && ticket.estimate_approved === -1;

  function startEdit() {
    const { hours, minutes } = estimateInputFromUnits(ticket.estimated_time);
    setEditing({ hours: String(hours), minutes: String(minutes) });
  }

  async function save() {
    if (!editing) return;
    setSaving(true);
    const units = estimateUnitsFromInput(Number(editing.hours || 0), Number(editing.minutes || 0));
    // A failed save keeps the inputs open with what was typed.
    if (await onChange({ estimated_time: units })) setEditing(null);
    setSaving(false);
  }

  async function answer(accept: boolean) {
    setSaving(true);
    await onChange(estimateAnswer(accept));
    setSaving(false);
  }

  return (
    <Stack gap="2" role="group" aria-label="Estimate">
      <HStack justify="space-between">
        <Text fontWeight="semibold">Estimate</Text>
        {approval ? (
          <Badge colorPalette={approval.color} variant="subtle">
            {approval.text}
          </Badge>
        ) : null}
      </HStack>
      {editing ? (
        <Stack gap="2">
          <HStack align="end">
            <Field.Root>
              <Field.Label fontSize="sm">Hours</Field.Label>
              <Input
                type="number"
                size="sm"
                min={0}
                max={ESTIMATE_MAX_HOURS}
                step={1}
                value={editing.hours}
                onChange={(e) => setEditing({ ...editing, hours: e.target.value })}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="sm">Minutes</Field.Label>
              <Input
                type="number"
                size="sm"
                min={0}
                max={MINUTE_MAX}
                step={UNIT_MINUTES}
                value={editing.minutes}
                onChange={(e) => setEditing({ ...editing, minutes: e.target.value })}
              />
            </Field.Root>
          </HStack>
          <HStack>
            <Button size="sm" colorPalette="blue" onClick={() => void save()} loading={saving}>
              Save Estimate
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={saving}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      ) : (
        <HStack justify="space-between">
          <Text fontSize="2xl" fontFamily="mono" data-testid="estimate-value">
            {formatUnitsHhmm(ticket.estimated_time)}
          </Text>
          {canSet ? (
            <Button size="xs" variant="outline" onClick={startEdit}>
              Set Estimate
            </Button>
          ) : null}
        </HStack>
      )}
      {canAnswer && awaiting && !editing ? (
        <HStack>
          <Button size="sm" colorPalette="green" onClick={() => void answer(true)} disabled={saving}>
            Accept
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => void answer(false)} disabled={saving}>
            Reject
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
