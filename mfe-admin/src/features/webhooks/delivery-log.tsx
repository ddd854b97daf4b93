import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useWebhookDeliveries } from '@portal/api-client';
import type { Webhook, WebhookDelivery } from '@portal/contract';
import { webhookEventLabel } from '@portal/domain';
import { DateText, ErrorAlert, useSaveState } from '@portal/ui';

const STATUS_LABELS: Record<WebhookDelivery['status'], string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };


/** What the receiver answered, or why there was no answer. */
function answerOf(delivery: WebhookDelivery): string {
  if (delivery.status === 'pending' && delivery.attempts === 0) return 'Not sent yet';
  const code = delivery.last_status_code === null ? '' : `${delivery.last_status_code} `;
  return `${code}${delivery.last_answer ?? delivery.last_error ?? ''}`.trim();
}

/** An endpoint's delivery log (docs/product/integrations.md#retries-order-and-disabling): Event, Status, Time, Answer, and Redeliver. */
export function DeliveryLog({ webhook, timeZone, onRedeliver }: { webhook: Webhook; timeZone: string; onRedeliver(deliveryId: number): Promise<unknown> }) {
  const { data: deliveries, error: readError } = useWebhookDeliveries(webhook.id);
  const { saving, error, run } = useSaveState();
  return (
    <Stack gap="2" as="section" aria-label={`Deliveries to ${webhook.url}`}>
      <Heading as="h3" size="md">Deliveries to {webhook.url}</Heading>
      <ErrorAlert message={error ? errorMessage(error) : readError ? errorMessage(readError) : null} size="sm" />
      {deliveries && deliveries.length === 0 ? <Text color="fg.muted">Nothing was sent yet.</Text> : null}
      {deliveries && deliveries.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Deliveries">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Event</Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
                <Table.ColumnHeader>Time</Table.ColumnHeader>
                <Table.ColumnHeader>Answer</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {deliveries.map((delivery) => (
                <Table.Row key={delivery.id} verticalAlign="top">
                  <Table.Cell>
                    <Text>{webhookEventLabel(delivery.type)}{delivery.ticket_id ? ` #${delivery.ticket_id}` : ''}</Text>
                    <Text color="fg.muted" fontSize="xs">{delivery.event_id}</Text>
                  </Table.Cell>
                  <Table.Cell>{STATUS_LABELS[delivery.status]}{delivery.attempts > 1 ? ` (${delivery.attempts} attempts)` : ''}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap"><DateText iso={delivery.date_delivered ?? delivery.date_created} timeZone={timeZone} withTime /></Table.Cell>
                  <Table.Cell maxW="md" wordBreak="break-word">{answerOf(delivery)}</Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(() => onRedeliver(delivery.id))}>Redeliver</Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Stack>
  );
}
