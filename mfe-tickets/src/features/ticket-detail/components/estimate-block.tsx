import { useState } from 'react';
import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import {
  ESTIMATE_MAX_HOURS, MINUTE_MAX, UNIT_MINUTES, estimateAnswer, estimateInputFromUnits, estimateUnitsFromInput, formatUnitsHhmm,
} from '@portal/domain';
import { useRefreshHold } from '../hooks/use-refresh-hold';
import { useT } from '../../../messages';
import type { ChangeTicket } from './types';

function approvalLabel(ticket: TicketDetail) {
  if (ticket.estimated_time <= 0) return ticket.estimate_required ? { text: 'estimate.required', color: 'red' } as const : null;
  if (ticket.estimate_approved === 1) return { text: 'estimate.approved', color: 'green' } as const;
  if (ticket.estimate_approved === 0) return { text: 'estimate.rejected', color: 'red' } as const;
  return { text: 'estimate.awaiting', color: 'orange' } as const;
}

/**
 * The estimate: staff set it (hours 0-8, minutes 0-54 in steps of 6, a negative total is 0);
 * whoever may answer it (the client) gets Accept and Reject while it awaits approval.
 */
export function EstimateBlock({ ticket, canSet, canAnswer, onChange }: { ticket: TicketDetail; canSet: boolean; canAnswer: boolean; onChange: ChangeTicket }) {
  const [editing, setEditing] = useState<{ hours: string; minutes: string } | null>(null);
  const [saving, setSaving] = useState(false);
  useRefreshHold(editing !== null);
  const t = useT();
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
    <Stack gap="2" role="group" aria-label={t('estimate.heading')}>
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('estimate.heading')}</Text>
        {approval ? (
          <Badge colorPalette={approval.color} variant="subtle">
            {t(approval.text)}
          </Badge>
        ) : null}
      </HStack>
      {editing ? (
        <Stack gap="2">
          <HStack align="end">
            <Field.Root>
              <Field.Label fontSize="sm">{t('estimate.hours')}</Field.Label>
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
              <Field.Label fontSize="sm">{t('estimate.minutes')}</Field.Label>
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
              {t('estimate.save')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(null)} disabled={saving}>
              {t('estimate.cancel')}
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
              {t('estimate.set')}
            </Button>
          ) : null}
        </HStack>
      )}
      {canAnswer && awaiting && !editing ? (
        <HStack>
          <Button size="sm" colorPalette="green" onClick={() => void answer(true)} disabled={saving}>
            {t('estimate.accept')}
          </Button>
          <Button size="sm" colorPalette="red" variant="outline" onClick={() => void answer(false)} disabled={saving}>
            {t('estimate.reject')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  );
}
