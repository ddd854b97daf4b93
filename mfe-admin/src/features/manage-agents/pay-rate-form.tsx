import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Field, HStack, Heading, Input, Text } from '@chakra-ui/react';
import { payRateUpdate, type AgentContact } from '@portal/contract';
import { useAgentMutations } from '@portal/api-client';
import { MESSAGES, formatMoney, intlLocale, monthsBackPeriod, parsePayRateInput, parseYearMonth } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/i18n/react';
import { useSession } from '@portal/session';
import { formResolver } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

interface PayRateValues {
  pay_rate: string;
}

/** 'December 2026' ('Dezember 2026') for '2026-12', as the reader's language names a month. */
function monthName(month: string, locale: Parameters<typeof intlLocale>[0]): string {
  const parsed = parseYearMonth(month);
  if (!parsed) return month;
  return new Date(Date.UTC(parsed.year, parsed.month - 1, 1)).toLocaleDateString(intlLocale(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The rate as the API takes it (the domain's parsePayRateInput); Save waits for one, so its message shows at the field only. */
const resolver = formResolver<PayRateValues>(payRateUpdate.pick({ pay_rate: true }), MESSAGES.invalidPayRate);

/**
 * Manage Agents' 'Edit rate' (docs/product/companies-and-contacts.md#pay-rate): the agent's pay rate in USD per
 * hour, applied from the first of the current month; earlier months keep what they paid. A failed save keeps
 * what was typed.
 */
export function PayRateForm({ agent, onDone }: { agent: AgentContact; onDone(): void }) {
  const t = useT();
  const text = useMessageText();
  const formats = useFormats();
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
  const month = monthName(monthsBackPeriod(new Date(), 0, timeZone)?.month ?? '', formats.locale);

  const submit = handleSubmit((values) => run(async () => {
    const typed = parsePayRateInput(values.pay_rate);
    if (typed === null) return;
    const answer = await setPayRate(agent.contact_id, { pay_rate: typed, time_zone: timeZone });
    setSaved(answer.pay_rate === null
      ? t('manageAgents.rateRemoved', { name })
      : t('manageAgents.rateSaved', { name, rate: formatMoney(answer.pay_rate, formats), month }));
  }));

  return (
    <Card.Root size="sm" as="form" aria-label={t('manageAgents.payRateOf', { name })} onSubmit={(event) => void submit(event)}>
      <Card.Body gap="3">
        <Heading as="h3" size="sm">{t('manageAgents.payRateOf', { name })}</Heading>
        <ErrorAlert message={error} size="sm" />
        {saved ? <Text color="fg.success" role="status">{saved}</Text> : null}
        <Field.Root required invalid={bad} maxW="xs">
          <Field.Label>{t('manageAgents.payRateField', { currency: formats.currency })}</Field.Label>
          <Input inputMode="decimal" {...register('pay_rate', { onChange: () => setSaved(null) })} />
          <Field.ErrorText>{text(MESSAGES.invalidPayRate)}</Field.ErrorText>
          <Field.HelperText>{t('manageAgents.rateNote', { month })}</Field.HelperText>
        </Field.Root>
        <HStack>
          <Button type="submit" colorPalette="blue" size="sm" disabled={rate === null} loading={saving}>{t('manageAgents.saveRate')}</Button>
          <Button variant="ghost" size="sm" onClick={onDone}>{t('manageAgents.close')}</Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
