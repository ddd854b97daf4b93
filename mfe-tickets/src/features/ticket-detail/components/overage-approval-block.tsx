import { useState } from 'react';
import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useHourBank, useOverageApproval, useOverageApprovalMutations } from '@portal/api-client';
import type { OverageApproval } from '@portal/contract';
import { HOUR_BANK_MESSAGES, canAskOverageApproval, canDecideOverage, canReadHourBank, formatBankHours, readBankHours, type Viewer } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

const STATUS_LABELS = {
  pending: { text: 'overage.pending', color: 'orange' },
  approved: { text: 'overage.approved', color: 'green' },
  declined: { text: 'overage.declined', color: 'red' },
} as const satisfies Record<OverageApproval['status'], { text: string; color: string }>;

/**
 * Approval beyond the plan hours (docs/product/hour-banks.md#approval-beyond-the-plan), the way an estimate is
 * approved: staff ask for the hours the work needs beyond the plan; the company's primary contacts approve or decline.
 * Shown only for a company with plan hours, to those who may read them.
 */
export function OverageApprovalBlock({ ticket, viewer }: { ticket: { ticket_id: number; company_id: number }; viewer: Viewer }) {
  const allowed = canReadHourBank(viewer, ticket.company_id);
  const { data: bank } = useHourBank(allowed ? ticket.company_id : null);
  const hasBank = !!bank?.balance;
  const { data } = useOverageApproval(hasBank ? ticket.ticket_id : null);
  const { ask, approve, decline } = useOverageApprovalMutations(ticket.ticket_id);
  const [hours, setHours] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const t = useT();
  if (!hasBank || !data) return null;
  const approval = data.approval;
  const pending = approval?.status === 'pending';
  const asker = canAskOverageApproval(viewer);
  const decider = canDecideOverage(viewer, ticket.company_id);
  if (!approval && !asker) return null;

  async function act(work: () => Promise<unknown>) {
    setSaving(true);
    setError(null);
    try {
      await work();
      setHours(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setSaving(false);
    }
  }

  function send() {
    if (hours === null || readBankHours(hours, { positive: true }) === null) {
      setError(HOUR_BANK_MESSAGES.invalidApproval);
      return;
    }
    void act(() => ask(hours));
  }

  const label = approval ? STATUS_LABELS[approval.status] : null;
  return (
    <Stack gap="2" role="group" aria-label={t('overage.label')}>
      <HStack justify="space-between">
        <Text fontWeight="semibold">{t('overage.heading')}</Text>
        {label ? <Badge colorPalette={label.color} variant="subtle">{t(label.text)}</Badge> : null}
      </HStack>
      {approval ? (
        <Text fontSize="sm" data-testid="overage-question">
          {pending ? approval.question : t('overage.hours', { hours: formatBankHours(approval.units) })}
        </Text>
      ) : null}
      {pending && decider ? (
        <HStack>
          <Button size="sm" colorPalette="green" loading={saving} onClick={() => void act(approve)}>{t('overage.approve')}</Button>
          <Button size="sm" variant="outline" colorPalette="red" disabled={saving} onClick={() => void act(decline)}>{t('overage.decline')}</Button>
        </HStack>
      ) : null}
      {asker && !pending ? (
        hours === null ? (
          <Button size="sm" variant="outline" alignSelf="start" onClick={() => setHours('')}>{t('overage.ask')}</Button>
        ) : (
          <HStack align="end">
            <Field.Root>
              <Field.Label fontSize="sm">{t('overage.hoursLabel')}</Field.Label>
              <Input size="sm" inputMode="decimal" value={hours} onChange={(event) => setHours(event.target.value)} />
            </Field.Root>
            <Button size="sm" colorPalette="blue" loading={saving} onClick={send}>{t('overage.send')}</Button>
            <Button size="sm" variant="ghost" disabled={saving} onClick={() => setHours(null)}>{t('overage.cancel')}</Button>
          </HStack>
        )
      ) : null}
      <ErrorAlert message={error} size="sm" />
    </Stack>
  );
}
