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
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

/** The English of 'passkeys.nameMissing' (useShownText gives it in the person's language). */
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
  const t = useT();
  const shown = useShownText();
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
    <SectionCard
      title={t('passkeys.title')}
      status={passkeys.length > 0 ? <Badge colorPalette="green">{t('passkeys.count', { count: passkeys.length })}</Badge> : <Badge>{t('passkeys.none')}</Badge>}
    >
      <Text>{t('passkeys.intro')}</Text>
      <ListStates data={passkeys}>
        {(list) => (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('common.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('passkeys.added')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('common.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('common.actions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((passkey) => (
                  <Table.Row key={passkey.id}>
                    <Table.Cell fontWeight="medium">{passkey.name}</Table.Cell>
                    <Table.Cell><DateText iso={passkey.date_created} timeZone={timeZone} /></Table.Cell>
                    <Table.Cell>{passkey.last_used ? <DateText iso={passkey.last_used} timeZone={timeZone} withTime /> : t('common.never')}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('passkeys.removeLabel', { name: passkey.name })} onClick={() => setRemoving(passkey)}>
                        {t('passkeys.remove')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
      <ErrorAlert message={shown(error)} />
      {adding ? (
        <form onSubmit={(event) => void handleSubmit(add, (wrong) => setError(wrong.name?.message ?? NAME_MISSING))(event)} noValidate>
          <HStack align="end" gap="3" wrap="wrap">
            <Field.Root maxW="sm" invalid={!!formState.errors.name}>
              <Field.Label>{t('passkeys.nameLabel')}</Field.Label>
              <Input placeholder={t('passkeys.namePlaceholder')} maxLength={PASSKEY_NAME_MAX} {...register('name')} autoFocus />
            </Field.Root>
            <Button type="submit" colorPalette="blue" loading={busy} loadingText={t('passkeys.waiting')}>
              {t('passkeys.create')}
            </Button>
            <Button variant="ghost" onClick={() => { setAdding(false); setError(null); }} disabled={busy}>
              {t('common.cancel')}
            </Button>
          </HStack>
        </form>
      ) : (
        <Stack align="start">
          <Button size="sm" colorPalette="blue" onClick={() => { setAdding(true); setError(null); }}>
            {t('passkeys.add')}
          </Button>
        </Stack>
      )}
      {codes ? <RecoveryCodesPanel codes={codes} onDone={() => setCodes(null)} /> : null}
      <PasswordDialog
        open={removing !== null}
        title={removing ? t('passkeys.removeTitleNamed', { name: removing.name }) : t('passkeys.removeTitle')}
        message={t('passkeys.removeMessage')}
        confirmLabel={t('passkeys.remove')}
        onConfirm={(password) => mutations.removePasskey(removing?.id ?? 0, password)}
        onClose={() => setRemoving(null)}
      />
      {stepUpDialog}
    </SectionCard>
  );
}
