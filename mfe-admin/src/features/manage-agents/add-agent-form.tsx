import { useState } from 'react';
import { Button, Card, Field, HStack, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useAgentMutations } from '@portal/api-client';
import { MESSAGES, formatPhoneInput, isValidEmail, isValidPhone, type LookupItem } from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', group_id: '3', pay_rate: '' };

/** Add agent: name, e-mail, phone (the domain's mask), group 1-4 and pay rate; the server mails a set-password link. */
export function AddAgentForm({ groups, onDone }: { groups: readonly LookupItem[]; onDone(): void }) {
  const [draft, setDraft] = useState(EMPTY);
  const [added, setAdded] = useState<string | null>(null);
  const { create } = useAgentMutations();
  const { saving, error, run } = useSaveState();
  const set = (field: keyof typeof EMPTY) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [field]: field === 'phone' ? formatPhoneInput(event.currentTarget.value) : event.currentTarget.value });
  const emailBad = draft.email !== '' && !isValidEmail(draft.email);
  const phoneBad = draft.phone !== '' && !isValidPhone(draft.phone);
  const rateBad = draft.pay_rate !== '' && !/^\d+(\.\d+)?$/.test(draft.pay_rate.trim());
  const ready = draft.first_name.trim() !== '' && draft.last_name.trim() !== '' && isValidEmail(draft.email) && !phoneBad && !rateBad;

  const submit = () => run(async () => {
    const created = await create({
      first_name: draft.first_name, last_name: draft.last_name, email: draft.email, phone: draft.phone === '' ? null : draft.phone,
      group_id: Number(draft.group_id), ...(draft.pay_rate.trim() === '' ? {} : { pay_rate: Number(draft.pay_rate) }),
    });
    setAdded(`${created.first_name} ${created.last_name} was added; a set-password e-mail is on its way to ${created.email}.`);
    setDraft(EMPTY);
  });

  return (
    <Card.Root size="sm" as="form" aria-label="Add agent" onSubmit={(event) => { event.preventDefault(); if (ready) void submit(); }}>
      <Card.Body gap="3">
        <ErrorAlert message={error} size="sm" />
        {added ? <Text color="fg.success" role="status">{added}</Text> : null}
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
          <Field.Root required><Field.Label>First name</Field.Label><Input value={draft.first_name} onChange={set('first_name')} /></Field.Root>
          <Field.Root required><Field.Label>Last name</Field.Label><Input value={draft.last_name} onChange={set('last_name')} /></Field.Root>
          <Field.Root required invalid={emailBad}>
            <Field.Label>E-mail</Field.Label>
            <Input type="email" value={draft.email} onChange={set('email')} />
            <Field.ErrorText>{MESSAGES.invalidEmail}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={phoneBad}>
            <Field.Label>Phone</Field.Label>
            <Input inputMode="tel" placeholder="555-555-5555" value={draft.phone} onChange={set('phone')} />
            <Field.ErrorText>{MESSAGES.invalidPhone}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>Group</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={draft.group_id} onChange={set('group_id')}>
                {groups.map((group) => <option key={group.id} value={String(group.id)}>{group.name}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={rateBad}>
            <Field.Label>Pay rate (USD per hour)</Field.Label>
            <Input inputMode="decimal" value={draft.pay_rate} onChange={set('pay_rate')} />
          </Field.Root>
        </SimpleGrid>
        <HStack>
          <Button type="submit" colorPalette="blue" size="sm" disabled={!ready} loading={saving}>Add agent</Button>
          <Button variant="ghost" size="sm" onClick={onDone}>Close</Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
