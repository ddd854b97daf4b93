import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useAgentMutations } from '@portal/api-client';
import { contactCreate } from '@portal/contract';
import { MESSAGES, formatPhoneInput, isValidEmail, isValidPhone, type LookupItem } from '@portal/domain';
import { formResolver } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/i18n/react';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', group_id: '3', pay_rate: '' };
type AgentValues = typeof EMPTY;

/** A pay rate as the API takes it (dollars, optionally with cents). */
const isPayRate = (text: string) => contactCreate.shape.pay_rate.safeParse(text.trim()).success;

/**
 * The agent as the API takes it (both names, a valid e-mail) and, when given, a phone the domain's
 * isValidPhone accepts and a pay rate. Add waits for all of that, so the messages show at the fields only.
 */
const resolver = formResolver<AgentValues>(
  contactCreate.pick({ first_name: true, last_name: true, email: true }).loose().superRefine((values, context) => {
    const { phone, pay_rate: rate } = values;
    if (typeof phone === 'string' && phone !== '' && !isValidPhone(phone)) {
      context.addIssue({ code: 'custom', path: ['phone'], message: MESSAGES.invalidPhone });
    }
    if (typeof rate === 'string' && rate !== '' && !isPayRate(rate)) {
      context.addIssue({ code: 'custom', path: ['pay_rate'], message: MESSAGES.invalidPayRate });
    }
  }),
  MESSAGES.fillAllFields,
);

/** Add agent: name, e-mail, phone (the domain's mask), group 1-4 and pay rate; the server mails a set-password link. */
export function AddAgentForm({ groups, onDone }: { groups: readonly LookupItem[]; onDone(): void }) {
  const t = useT();
  const text = useMessageText();
  const { currency } = useFormats();
  const { register, handleSubmit, reset, setValue, watch } = useForm<AgentValues>({ resolver, defaultValues: EMPTY });
  const [added, setAdded] = useState<string | null>(null);
  const { create } = useAgentMutations();
  const { saving, error, run } = useSaveState();
  const draft = watch();
  const emailBad = draft.email !== '' && !isValidEmail(draft.email);
  const phoneBad = draft.phone !== '' && !isValidPhone(draft.phone);
  const rateBad = draft.pay_rate !== '' && !isPayRate(draft.pay_rate);
  const ready = draft.first_name.trim() !== '' && draft.last_name.trim() !== '' && isValidEmail(draft.email) && !phoneBad && !rateBad;

  const submit = handleSubmit((values) => run(async () => {
    const created = await create({
      first_name: values.first_name, last_name: values.last_name, email: values.email, phone: values.phone === '' ? null : values.phone,
      group_id: Number(values.group_id), ...(values.pay_rate.trim() === '' ? {} : { pay_rate: Number(values.pay_rate) }),
    });
    setAdded(t('manageAgents.added', { name: `${created.first_name} ${created.last_name}`, email: created.email }));
    reset(EMPTY);
  }));

  return (
    <Card.Root size="sm" as="form" aria-label={t('manageAgents.add')} onSubmit={(event) => void submit(event)}>
      <Card.Body gap="3">
        <ErrorAlert message={error} size="sm" />
        {added ? <Text color="fg.success" role="status">{added}</Text> : null}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required><Field.Label>{t('manageAgents.firstName')}</Field.Label><Input {...register('first_name')} /></Field.Root>
          <Field.Root required><Field.Label>{t('manageAgents.lastName')}</Field.Label><Input {...register('last_name')} /></Field.Root>
          <Field.Root required invalid={emailBad}>
            <Field.Label>{t('manageAgents.email')}</Field.Label>
            <Input type="email" {...register('email')} />
            <Field.ErrorText>{text(MESSAGES.invalidEmail)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={phoneBad}>
            <Field.Label>{t('manageAgents.phone')}</Field.Label>
            <Input
              inputMode="tel"
              placeholder="555-555-5555"
              {...register('phone', { onChange: (event: { target: { value: string } }) => setValue('phone', formatPhoneInput(event.target.value)) })}
            />
            <Field.ErrorText>{text(MESSAGES.invalidPhone)}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('manageAgents.colGroup')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...register('group_id')}>
                {groups.map((group) => <option key={group.id} value={String(group.id)}>{group.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={rateBad}>
            <Field.Label>{t('manageAgents.payRateField', { currency })}</Field.Label>
            <Input inputMode="decimal" {...register('pay_rate')} />
          </Field.Root>
        </SimpleGrid>
        <HStack>
          <Button type="submit" colorPalette="blue" size="sm" disabled={!ready} loading={saving}>{t('manageAgents.add')}</Button>
          <Button variant="ghost" size="sm" onClick={onDone}>{t('manageAgents.close')}</Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
