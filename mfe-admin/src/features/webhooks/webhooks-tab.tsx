import { useState } from 'react';
import { Alert, Button, Code, Field, HStack, Heading, Link, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useWebhookMutations, useWebhooks, useWebhookSettings } from '@portal/api-client';
import type { Webhook, WebhookCreated } from '@portal/contract';
import { WEBHOOK_FORMAT_LABELS, webhookEventLabel } from '@portal/domain';
import { useSession } from '@portal/session';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { DeliveryLog } from './delivery-log';
import { WebhookDialog } from './webhook-dialog';

const eventsText = (events: readonly string[]) => events.map(webhookEventLabel).join(', ');

function StatusText({ webhook }: { webhook: Webhook }) {
  if (!webhook.active) return <Text color="red.fg">{webhook.disabled_reason ?? 'Disabled'}</Text>;
  return webhook.failing_since ? <Text color="orange.fg">Failing</Text> : <Text>Active</Text>;
}

/** The signing secret, shown once after the endpoint is added or its secret rotated. */
function SecretOnce({ created, onDone }: { created: WebhookCreated; onDone(): void }) {
  return (
    <Alert.Root status="success" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Signing secret for {created.url}</Alert.Title>
        <Alert.Description>
          <Stack gap="2">
            <Code wordBreak="break-all">{created.secret}</Code>
            <Text>Copy it now: it is not shown again. Each delivery's Portal-Signature header is signed with it.</Text>
            <Link href="/api/docs#/webhooks" color="blue.700" textDecoration="underline">How to verify a delivery</Link>
            <Button size="xs" alignSelf="start" variant="outline" onClick={onDone}>Done</Button>
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

function AllowedHosts() {
  const { data } = useWebhookSettings();
  const { saveSettings } = useWebhookMutations();
  const [text, setText] = useState<string | null>(null);
  const { saving, saved, error, run, changed } = useSaveState();
  const shown = text ?? data?.allowed_hosts ?? '';
  return (
    <Stack gap="2" as="form" aria-label="Allowed private hosts" onSubmit={(event) => { event.preventDefault(); void run(() => saveSettings({ allowed_hosts: shown })); }}>
      <Field.Root>
        <Field.Label>Allowed private hosts</Field.Label>
        <Textarea rows={3} value={shown} onChange={(event) => { setText(event.currentTarget.value); changed(); }} />
        <Field.HelperText>
          Webhooks never reach loopback, link-local or private addresses, except these hosts (one a line; *.example.internal allows its subdomains).
        </Field.HelperText>
      </Field.Root>
      <ErrorAlert message={error ? errorMessage(error) : null} size="sm" />
      <HStack>
        <Button type="submit" size="sm" loading={saving}>Save hosts</Button>
        {saved ? <Text role="status" fontSize="sm">Saved.</Text> : null}
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
  const { data: webhooks, error: readError } = useWebhooks();
  const mutations = useWebhookMutations();
  const timeZone = useSession((s) => s.timeZone);
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [created, setCreated] = useState<WebhookCreated | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const { saving, error, run } = useSaveState();
  const shownLog = webhooks?.find((webhook) => webhook.id === selected) ?? null;

  return (
    <Stack gap="5">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">Webhooks</Heading>
        <Button colorPalette="blue" size="sm" onClick={() => setEditing('new')}>Add webhook</Button>
      </HStack>
      {created ? <SecretOnce created={created} onDone={() => setCreated(null)} /> : null}
      <ErrorAlert message={error ? errorMessage(error) : readError ? errorMessage(readError) : null} />
      {webhooks && webhooks.length === 0 ? <Text color="fg.muted">No webhooks yet.</Text> : null}
      {webhooks && webhooks.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Webhooks">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>URL</Table.ColumnHeader>
                <Table.ColumnHeader>Events</Table.ColumnHeader>
                <Table.ColumnHeader>Company</Table.ColumnHeader>
                <Table.ColumnHeader>Format</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {webhooks.map((webhook) => (
                <Table.Row key={webhook.id} verticalAlign="top">
                  <Table.Cell wordBreak="break-all">{webhook.url}</Table.Cell>
                  <Table.Cell>{eventsText(webhook.events)}</Table.Cell>
                  <Table.Cell>{webhook.company_name ?? 'Any'}</Table.Cell>
                  <Table.Cell>
                    {WEBHOOK_FORMAT_LABELS[webhook.format]}
                    {webhook.urgent_only ? <Text fontSize="xs">Urgent tickets only</Text> : null}
                    {webhook.staff_only ? <Text fontSize="xs">Staff-only</Text> : null}
                  </Table.Cell>
                  <Table.Cell><StatusText webhook={webhook} /></Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap" aria-label={`Actions for ${webhook.url}`}>
                      <Button size="xs" variant="outline" onClick={() => setSelected(webhook.id)}>Deliveries</Button>
                      {!webhook.active ? <Button size="xs" colorPalette="blue" disabled={saving} onClick={() => void run(() => mutations.enable(webhook.id))}>Enable</Button> : null}
                      <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(async () => { await mutations.sendTest(webhook.id); setSelected(webhook.id); })}>Send test</Button>
                      <Button size="xs" variant="outline" onClick={() => setEditing(webhook)}>Edit</Button>
                      <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(async () => setCreated(await mutations.rotateSecret(webhook.id)))}>Rotate secret</Button>
                      <Button size="xs" variant="outline" colorPalette="red" disabled={saving} onClick={() => void run(async () => { await mutations.remove(webhook.id); if (selected === webhook.id) setSelected(null); })}>Remove</Button>
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
