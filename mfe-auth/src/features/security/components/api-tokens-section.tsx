import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Button, Code, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useApiTokenMutations, useApiTokens, useCompanies } from '@portal/api-client';
import type { ApiToken, ApiTokenCreated } from '@portal/contract';
import {
  API_TOKEN_ACCESS, API_TOKEN_EXPIRY_DAYS, API_TOKEN_MESSAGES, API_TOKEN_NAME_MAX, apiTokenExpiry, apiTokenInputProblem,
  isStaff, type ApiTokenAccess,
} from '@portal/domain';
import { useSession } from '@portal/session';
import { ConfirmDialog, DateText, ErrorAlert, ListStates } from '@portal/ui';
import { SectionCard } from './section-card';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

type Expiry = `${(typeof API_TOKEN_EXPIRY_DAYS)[number]}` | 'date' | 'never';
const EXPIRY_LABELS = {
  30: 'tokens.expiry30', 90: 'tokens.expiry90', 365: 'tokens.expiry365', date: 'tokens.expiryOnDate', never: 'common.never',
} as const satisfies Record<Expiry, string>;
/** A token's access as the Security page names it (API_TOKEN_ACCESS_LABELS of @portal/domain, in the person's language). */
const ACCESS_LABELS = { read: 'tokens.accessRead', write: 'tokens.accessWrite', inbound: 'tokens.accessInbound' } as const satisfies Record<ApiTokenAccess, string>;

function Choice({ label, value, onPick, children }: { label: string; value: string; onPick(value: string): void; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onPick(event.currentTarget.value)}>{children}</NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** The end of a token as chosen: days from now, the end of a chosen day (UTC), or never. */
function expiresAt(expiry: Expiry, date: string, now: Date): string | null {
  if (expiry === 'never') return null;
  if (expiry === 'date') return date ? `${date}T23:59:59.000Z` : now.toISOString();
  return apiTokenExpiry(now, Number(expiry));
}

/** "Create token": the form, then the token shown once with Copy. */
function CreateTokenDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const groupId = useSession((s) => s.contact?.group_id ?? 0);
  const staff = isStaff(groupId);
  const { data: companies } = useCompanies(open && staff);
  const { create } = useApiTokenMutations();
  const t = useT();
  const shown = useShownText();
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('90');
  const [date, setDate] = useState('');
  const [access, setAccess] = useState<ApiTokenAccess>('read');
  const [companyId, setCompanyId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [copied, setCopied] = useState(false);

  function close() {
    setName('');
    setExpiry('90');
    setDate('');
    setAccess('read');
    setCompanyId('');
    setError(null);
    setCreated(null);
    setCopied(false);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name: name.trim(), access, expires_at: expiresAt(expiry, date, new Date()), company_id: companyId ? Number(companyId) : null };
    const problem = apiTokenInputProblem(body, groupId, new Date());
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setCreated(await create(body));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  async function copy(token: string) {
    try {
      await navigator.clipboard.writeText(token);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => (next ? undefined : close())} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label={created ? t('tokens.yourNew') : t('tokens.create')}>
            <Dialog.Header>
              <Dialog.Title>{created ? t('tokens.yourNew') : t('tokens.create')}</Dialog.Title>
            </Dialog.Header>
            {created ? (
              <>
                <Dialog.Body>
                  <Stack gap="3">
                    <Alert.Root status="warning">
                      <Alert.Indicator />
                      <Alert.Title>{shown(API_TOKEN_MESSAGES.shownOnce)}</Alert.Title>
                    </Alert.Root>
                    <Field.Root>
                      <Field.Label>{t('tokens.newToken')}</Field.Label>
                      <Input readOnly value={created.token} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
                    </Field.Root>
                    {copied ? <Text role="status" fontSize="sm">{t('common.copied')}</Text> : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={() => void copy(created.token)}>{t('tokens.copy')}</Button>
                  <Button onClick={close}>{t('tokens.done')}</Button>
                </Dialog.Footer>
              </>
            ) : (
              <form onSubmit={(event) => void submit(event)} noValidate>
                <Dialog.Body>
                  <Stack gap="3">
                    <ErrorAlert message={shown(error)} />
                    <Field.Root required>
                      <Field.Label>{t('common.name')}</Field.Label>
                      <Input value={name} maxLength={API_TOKEN_NAME_MAX} placeholder={t('tokens.namePlaceholder')} autoFocus onChange={(event) => setName(event.currentTarget.value)} />
                    </Field.Root>
                    <Choice label={t('tokens.expires')} value={expiry} onPick={(value) => setExpiry(value as Expiry)}>
                      {(Object.keys(EXPIRY_LABELS) as Expiry[]).map((key) => <option key={key} value={key}>{t(EXPIRY_LABELS[key])}</option>)}
                    </Choice>
                    {expiry === 'date' ? (
                      <Field.Root>
                        <Field.Label>{t('tokens.expiryDate')}</Field.Label>
                        <Input type="date" value={date} onChange={(event) => setDate(event.currentTarget.value)} />
                      </Field.Root>
                    ) : null}
                    <Choice label={t('tokens.access')} value={access} onPick={(value) => setAccess(value as ApiTokenAccess)}>
                      {API_TOKEN_ACCESS.map((key) => <option key={key} value={key}>{t(ACCESS_LABELS[key])}</option>)}
                    </Choice>
                    {staff ? (
                      <Choice label={t('tokens.company')} value={companyId} onPick={setCompanyId}>
                        <option value="">{t('tokens.everyCompany')}</option>
                        {(companies ?? []).map((company) => <option key={company.company_id} value={String(company.company_id)}>{company.name}</option>)}
                      </Choice>
                    ) : null}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button variant="outline" onClick={close} disabled={busy}>{t('common.cancel')}</Button>
                  <Button type="submit" loading={busy}>{t('tokens.create')}</Button>
                </Dialog.Footer>
              </form>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * Personal access tokens (docs/product/integrations.md#api-tokens): the live ones with their access, company, last
 * use and expiry; "Create token" shows the new one once; "Revoke" ends one after a confirmation.
 */
export function ApiTokensSection() {
  const { data, error: readError } = useApiTokens();
  const { revoke } = useApiTokenMutations();
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const shown = useShownText();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    setBusy(true);
    setError(null);
    try {
      await revoke(revoking.id);
      setRevoking(null);
    } catch (failure) {
      setError(errorMessage(failure));
      setRevoking(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <SectionCard title={t('tokens.title')} status={<Button size="sm" onClick={() => setCreating(true)}>{t('tokens.create')}</Button>}>
      <Text fontSize="sm" color="fg.muted">
        {t.rich('tokens.intro', { code: (chunks) => <Code key="header">{chunks}</Code> })}
      </Text>
      <ErrorAlert message={shown(error)} />
      <ListStates data={data} error={readError} emptyText={t('tokens.empty')}>
        {(tokens) => (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('tokens.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('common.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tokens.access')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tokens.company')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('common.lastUsed')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('tokens.expires')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('common.actions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {tokens.map((token) => (
                  <Table.Row key={token.id} aria-label={token.name}>
                    <Table.Cell fontWeight="medium">{token.name}</Table.Cell>
                    <Table.Cell>{t(ACCESS_LABELS[token.access])}</Table.Cell>
                    <Table.Cell>{token.company_name ?? t('tokens.everyCompany')}</Table.Cell>
                    <Table.Cell>
                      {token.last_used_at ? (
                        <HStack gap="1" wrap="wrap">
                          <DateText iso={token.last_used_at} timeZone={timeZone} withTime />
                          {token.last_used_address ? <Text as="span" color="fg.muted">{t('tokens.from', { address: token.last_used_address })}</Text> : null}
                        </HStack>
                      ) : t('common.never')}
                    </Table.Cell>
                    <Table.Cell>{token.expires_at ? <DateText iso={token.expires_at} timeZone={timeZone} /> : t('common.never')}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Button size="xs" variant="outline" colorPalette="red" aria-label={t('tokens.revokeLabel', { name: token.name })} onClick={() => setRevoking(token)}>
                        {t('tokens.revoke')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={revoking !== null}
        title={revoking ? t('tokens.revokeTitle') : undefined}
        message={revoking ? t('tokens.revokeMessage', { name: revoking.name }) : ''}
        confirmLabel={t('tokens.revoke')}
        busy={busy}
        onConfirm={() => void confirmRevoke()}
        onCancel={() => setRevoking(null)}
      />
    </SectionCard>
  );
}
