import { useState } from 'react';
import { Button, Card, Field, HStack, Heading, Input, Text } from '@chakra-ui/react';
import type { AgentContact } from '@portal/contract';
import { useAgentMutations } from '@portal/api-client';
import { MESSAGES, monthLabel, monthsBackPeriod, parsePayRateInput, payRateChangeNote, payRateLabel } from '@portal/domain';
import { useSession } from '@portal/session';
import { ErrorAlert, useSaveState } from '@portal/ui';

/**
 * Manage Agents' 'Edit rate' (docs/product/companies-and-contacts.md#pay-rate): the agent's pay rate in USD per
 * hour, applied from the first of the current month; earlier months keep what they paid. A failed save keeps
 * what was typed.
 */
export function PayRateForm({ agent, onDone }: { agent: AgentContact; onDone(): void }) {
  const name = `${agent.first_name} ${agent.last_name}`;
  const timeZone = useSession((s) => s.timeZone);
  const [draft, setDraft] = useState(agent.pay_rate === null ? '' : String(agent.pay_rate));
  const [saved, setSaved] = useState<string | null>(null);
  const { setPayRate } = useAgentMutations();
  const { saving, error, run } = useSaveState();
  const rate = parsePayRateInput(draft);
  const bad = draft.trim() !== '' && rate === null;
  const month = monthLabel(monthsBackPeriod(new Date(), 0, timeZone)?.month ?? '');

  const submit = () => run(async () => {
    if (rate === null) return;
    const answer = await setPayRate(agent.contact_id, { pay_rate: rate, time_zone: timeZone });
    setSaved(`${name}'s pay rate is now ${payRateLabel(answer.pay_rate)} from ${month}.`);
  });

  return (
    <Card.Root size="sm" as="form" aria-label={`Pay rate of ${name}`} onSubmit={(event) => { event.preventDefault(); if (rate !== null) void submit(); }}>
      <Card.Body gap="3">
        <Heading as="h3" size="sm">Pay rate of {name}</Heading>
        <ErrorAlert message={error} size="sm" />
        {saved ? <Text color="fg.success" role="status">{saved}</Text> : null}
        <Field.Root required invalid={bad} maxW="xs">
          <Field.Label>Pay rate (USD per hour)</Field.Label>
          <Input inputMode="decimal" value={draft} onChange={(event) => { setDraft(event.currentTarget.value); setSaved(null); }} />
          <Field.ErrorText>{MESSAGES.invalidPayRate}</Field.ErrorText>
          <Field.HelperText>{payRateChangeNote(month)}</Field.HelperText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="blue" size="sm" disabled={rate === null} loading={saving}>Save rate</Button>
          <Button variant="ghost" size="sm" onClick={onDone}>Close</Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
