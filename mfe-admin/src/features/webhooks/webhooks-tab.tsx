import { useState } from 'react';
import { Alert, Button, Code, Field, HStack, Heading, Link, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useWebhookMutations, useWebhooks, useWebhookSettings } from '@portal/api-client';
import type { Webhook, WebhookCreated } from '@portal/contract';
import { WEBHOOK_FORMAT_LABELS, WEBHOOK_MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';
import { DeliveryLog } from './delivery-log';
import { useWebhookEventLabel } from './event-labels';
import { WebhookDialog } from './webhook-dialog';

function StatusText({ webhook }: { webhook: Webhook }) {
  const t = useT();
  const text = useMessageText();
  if (!webhook.active) {
    // The API writes why it disabled an endpoint in English (WEBHOOK_MESSAGES); another reason is shown as it came.
    const reason = webhook.disabled_reason === WEBHOOK_MESSAGES.disabledAfterFailures
      ? t('webhooks.disabledAfterFailures')
      : webhook.disabled_reason ? text(webhook.disabled_reason) : t('webhooks.disabled');
    return <Text color="red.fg">{reason}</Text>;
  }
  return webhook.failing_since ? <Text color="orange.fg">{t('webhooks.failing')}</Text> : <Text>{t('webhooks.active')}</Text>;
}

/** The signing secret, shown once after the endpoint is added or its secret rotated. */
function SecretOnce({ created, onDone }: { created: WebhookCreated; onDone(): void }) {
  const t = useT();
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('webhooks.secretTitle', { url: created.url })}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Code wordBreak="break-all">{created.secret}</Code>
            <Text>{t('webhooks.secretHint')}</Text>
            <Link href="/api/docs#/webhooks" color="blue.700" textDecoration="underline">{t('webhooks.verifyLink')}</Link>
            <Button size="xs" alignSelf="start" variant="outline" onClick={onDone}>{t('webhooks.done')}</Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function AllowedHosts() {
  const t = useT();
  const { data } = useWebhookSettings();
  const { saveSettings } = useWebhookMutations();
  const [text, setText] = useState<string | null>(null);
  const { saving, saved, error, run, changed } = useSaveState();
  const shown = text ?? data?.allowed_hosts ?? '';
  return (
    <Stack gap="2" as="form" aria-label={t('webhooks.allowedHosts')} onSubmit={(event) => { event.preventDefault(); void run(() => saveSettings({ allowed_hosts: shown })); }}>
      <Field.Root>
        <Field.Label>{t('webhooks.allowedHosts')}</Field.Label>
        <Textarea rows={3} value={shown} onChange={(event) => { setText(event.currentTarget.value); changed(); }} />
        <Field.HelperText>{t('webhooks.allowedHostsHint')}</Field.HelperText>
      </Field.Root>
      <ErrorAlert message={error ? errorMessage(error) : null} size="sm" />
      <HStack>
        <Button type="submit" size="sm" loading={saving}>{t('webhooks.saveHosts')}</Button>
        {saved ? <Text role="status" fontSize="sm">{t('webhooks.saved')}</Text> : null}
      </HStack>
    </Stack>
  );
}

/**
 * Admin Settings → Webhooks (docs/product/integrations.md#webhooks): the endpoints with their events, company, format
 * and status; adding one shows its signing secret once; each has its delivery log with Redeliver, Send test, and
 * Enable when it was disabled.
 */
export function WebhooksTab() {
  const t = useT();
  const eventLabel = useWebhookEventLabel();
  const { data: webhooks, error: readError } = useWebhooks();
  const mutations = useWebhookMutations();
  const timeZone = useSession((s) => s.timeZone);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const { saving, error, run } = useSaveState();
  const shownError = error ? errorMessage(error) : readError ? errorMessage(readError) : null;
  const shownLog = webhooks?.find((webhook) => webhook.id === selected) ?? null;

  return (
    <Stack gap="5">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">{t('webhooks.heading')}</Heading>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing('new')}>{t('webhooks.addButton')}</Button>
      </HStack>
      {created ? <SecretOnce created={created} onDone={() => setCreated(null)} /> : null}
      <ErrorAlert message={shownError} />
      {webhooks && webhooks.length === 0 ? <Text color="fg.muted">{t('webhooks.empty')}</Text> : null}
      {webhooks && webhooks.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('webhooks.table')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('webhooks.url')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.events')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.company')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.format')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.status')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {webhooks.map((webhook) => (
                <Table.Row key={webhook.id} verticalAlign="top">
                  <Table.Cell wordBreak="break-all">{webhook.url}</Table.Cell>
                  <Table.Cell>{webhook.events.map(eventLabel).join(', ')}</Table.Cell>
                  <Table.Cell>{webhook.company_name ?? t('webhooks.anyCompany')}</Table.Cell>
                  <Table.Cell>
                    {WEBHOOK_FORMAT_LABELS[webhook.format]}
                    {webhook.urgent_only ? <Text fontSize="xs">{t('webhooks.urgentOnly')}</Text> : null}
                    {webhook.staff_only ? <Text fontSize="xs">{t('webhooks.staffOnly')}</Text> : null}
                  </Table.Cell>
                  <Table.Cell><StatusText webhook={webhook} /></Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap" aria-label={t('webhooks.actionsFor', { url: webhook.url })}>
                      <Button size="xs" variant="outline" onClick={() => setSelected(webhook.id)}>{t('webhooks.deliveries')}</Button>
                      {!webhook.active ? <Button size="xs" colorPalette="blue" disabled={saving} onClick={() => void run(() => mutations.enable(webhook.id))}>{t('webhooks.enable')}</Button> : null}
                      <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(async () => { await mutations.sendTest(webhook.id); setSelected(webhook.id); })}>{t('webhooks.sendTest')}</Button>
                      <Button size="xs" variant="outline" onClick={() => setEditing(webhook)}>{t('webhooks.edit')}</Button>
                      <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(async () => setCreated(await mutations.rotateSecret(webhook.id)))}>{t('webhooks.rotateSecret')}</Button>
                      <Button size="xs" variant="outline" colorPalette="red" disabled={saving} onClick={() => void run(async () => { await mutations.remove(webhook.id); if (selected === webhook.id) setSelected(null); })}>{t('webhooks.remove')}</Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
      {shownLog ? <DeliveryLog webhook={shownLog} timeZone={timeZone} onRedeliver={(deliveryId) => mutations.redeliver(shownLog.id, deliveryId)} /> : null}
      <AllowedHosts />
      <WebhookDialog
        open={editing !== null}
        webhook={editing === 'new' || editing === null ? null : editing}
        onClose={() => setEditing(null)}
        onSave={async (body) => {
          if (editing === 'new') {
            const made = await mutations.create(body);
            setCreated(made);
            setSelected(made.id);
          } else if (editing !== null) {
            await mutations.update(editing.id, body);
          }
        }}
      />
    </Stack>
  );
}
