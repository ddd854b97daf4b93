import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Field, HStack, Heading, Input, Text } from '@chakra-ui/react';
import { payRateUpdate, type AgentContact } from '@portal/contract';
import { useAgentMutations } from '@portal/api-client';
import { MESSAGES, monthLabel, monthsBackPeriod, parsePayRateInput, payRateChangeNote, payRateLabel } from '@portal/domain';
import { useSession } from '@portal/session';
import { formResolver } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';

interface PayRateValues {
  pay_rate: string;
}

/** The rate as the API takes it (the domain's parsePayRateInput); Save waits for one, so its message shows at the field only. */
const resolver = formResolver<PayRateValues>(payRateUpdate.pick({ pay_rate: true }), MESSAGES.invalidPayRate);

/**
 * Manage Agents' 'Edit rate' (docs/product/companies-and-contacts.md#pay-rate): the agent's pay rate in USD per
 * hour, applied from the first of the current month; earlier months keep what they paid. A failed save keeps
 * what was typed.
 */
export function PayRateForm({ agent, onDone }: { agent: AgentContact; onDone(): void }) {
  const name = `${agent.first_name} ${agent.last_name}`;
  const timeZone = useSession((s) => s.timeZone);
  const { register, handleSubmit, watch } = useForm<PayRateValues>({
    resolver,
    defaultValues: { pay_rate: agent.pay_rate === null ? '' : String(agent.pay_rate) },
  });
  const [saved, setSaved] = useState<string | null>(null);
  const { setPayRate } = useAgentMutations();
  const { saving, error, run } = useSaveState();
  const draft = watch('pay_rate');
  const rate = parsePayRateInput(draft);
  const bad = draft.trim() !== '' && rate === null;
  const month = monthLabel(monthsBackPeriod(new Date(), 0, timeZone)?.month ?? '');

  const submit = handleSubmit((values) => run(async () => {
    const typed = parsePayRateInput(values.pay_rate);
    if (typed === null) return;
    const answer = await setPayRate(agent.contact_id, { pay_rate: typed, time_zone: timeZone });
    setSaved(`${name}'s pay rate is now ${payRateLabel(answer.pay_rate)} from ${month}.`);
  }));

  return (
    <Card.Root size="sm" as="form" aria-label={`Pay rate of ${name}`} onSubmit={(event) => void submit(event)}>
      <Card.Body gap="3">
        <Heading as="h3" size="sm">Pay rate of {name}</Heading>
        <ErrorAlert message={error} size="sm" />
        {saved ? <Text color="fg.success" role="status">{saved}</Text> : null}
        <Field.Root required invalid={bad} maxW="xs">
          <Field.Label>Pay rate (USD per hour)</Field.Label>
          <Input inputMode="decimal" {...register('pay_rate', { onChange: () => setSaved(null) })} />
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
