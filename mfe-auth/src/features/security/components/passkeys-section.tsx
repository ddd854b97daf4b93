import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge, Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { useSecurityMutations } from '@portal/api-client';
import { passkeyRegisterRequest, type PasskeySummary, type SecurityOverview } from '@portal/contract';
import { PASSKEY_NAME_MAX } from '@portal/domain';
import { useSession } from '@portal/session';
import { PasswordDialog, formResolver, useStepUp } from '@portal/features';
import { DateText, ErrorAlert, ListStates } from '@portal/ui';
import { createPasskey, passkeyFailure } from '../../../lib/webauthn';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SectionCard } from './section-card';

const NAME_MISSING = 'Give the passkey a name, such as the device it is on.';

interface PasskeyName {
  name: string;
}

/** The name as the API takes it (not blank, at most PASSKEY_NAME_MAX, which the field holds to); blank says NAME_MISSING. */
const resolver = formResolver<PasskeyName>(passkeyRegisterRequest.pick({ name: true }), NAME_MISSING);

/**
 * Passkeys (docs/product/accounts-and-roles.md#account-security): the list, Add a passkey (a name,
 * then the browser makes one for the server's options), Remove (asks for the password).
 */
export function PasskeysSection({ overview, onEnrolled }: { overview: SecurityOverview; onEnrolled(): Promise<void> }) {
  const mutations = useSecurityMutations();
  const { withStepUp, dialog: stepUpDialog } = useStepUp();
  const timeZone = useSession((s) => s.timeZone);
  const [adding, setAdding] = useState(false);
  const { register, handleSubmit, reset, formState } = useForm<PasskeyName>({ resolver, defaultValues: { name: '' } });
  const busy = formState.isSubmitting;
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);

  async function add({ name }: PasskeyName) {
    setError(null);
    try {
      // After the sign-in's first 10 minutes the password is asked again, then the browser makes the passkey.
      const answer = await withStepUp(async () => mutations.addPasskey(name.trim(), await createPasskey(await mutations.passkeyRegistrationOptions())));
      setAdding(false);
      reset();
      if (answer.recovery_codes.length > 0) setCodes(answer.recovery_codes);
      await onEnrolled();
    } catch (failure) {
      setError(passkeyFailure(failure));
    }
  }

  const { passkeys } = overview;
  return (
    <SectionCard title="Passkeys" status={passkeys.length > 0 ? <Badge colorPalette="green">{passkeys.length} added</Badge> : <Badge>None</Badge>}>
      <Text>A passkey signs you in with this device&apos;s screen lock or a security key, with or without your password.</Text>
      <ListStates data={passkeys}>
        {(list) => (
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Name</Table.ColumnHeader>
                <Table.ColumnHeader>Added</Table.ColumnHeader>
                <Table.ColumnHeader>Last used</Table.ColumnHeader>
                <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((passkey) => (
                <Table.Row key={passkey.id}>
                  <Table.Cell fontWeight="medium">{passkey.name}</Table.Cell>
                  <Table.Cell><DateText iso={passkey.date_created} timeZone={timeZone} /></Table.Cell>
                  <Table.Cell>{passkey.last_used ? <DateText iso={passkey.last_used} timeZone={timeZone} withTime /> : 'Never'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Remove passkey ${passkey.name}`} onClick={() => setRemoving(passkey)}>
                      Remove
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </ListStates>
      <ErrorAlert message={error} />
      {adding ? (
        <form onSubmit={(event) => void handleSubmit(add, (wrong) => setError(wrong.name?.message ?? NAME_MISSING))(event)} noValidate>
          <HStack align="end" gap="3" wrap="wrap">
            <Field.Root maxW="sm" invalid={!!formState.errors.name}>
              <Field.Label>Passkey name</Field.Label>
              <Input placeholder="Work laptop" maxLength={PASSKEY_NAME_MAX} {...register('name')} autoFocus />
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={busy} loadingText="Waiting for your passkey…">
              Create passkey
            </Button>
            <Button variant="ghost" onClick={() => { setAdding(false); setError(null); }} disabled={busy}>
              Cancel
            </Button>
          </HStack>
        </form>
      ) : (
        <Stack align="start">
          <Button size="sm" colorPalette="blue" onClick={() => { setAdding(true); setError(null); }}>
            Add a passkey
          </Button>
        </Stack>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <PasswordDialog
        open={removing !== null}
        title={removing ? `Remove the passkey ${removing.name}?` : 'Remove the passkey?'}
        message="It will no longer sign you in. Enter your password to confirm."
        confirmLabel="Remove"
        onConfirm={(password) => mutations.removePasskey(removing?.id ?? 0, password)}
        onClose={() => setRemoving(null)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
