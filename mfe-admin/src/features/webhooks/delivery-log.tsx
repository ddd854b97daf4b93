import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { errorMessage, useWebhookDeliveries } from '@portal/api-client';
import type { Webhook, WebhookDelivery } from '@portal/contract';
import { DateText, ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';
import { useWebhookEventLabel } from './event-labels';

/** Each delivery status as the log names it: a literal key per status (scripts/check-messages.ts finds the keys it uses). */
const STATUS_LABELS = {
  pending: 'webhooks.statusPending', delivered: 'webhooks.statusDelivered', failed: 'webhooks.statusFailed',
} as const satisfies Record<WebhookDelivery['status'], string>;

/** What the receiver answered (its own words, as they came), or null when nothing was sent yet. */
function answerOf(delivery: WebhookDelivery): string | null {
  if (delivery.status === 'pending' && delivery.attempts === 0) return null;
  const code = delivery.last_status_code === null ? '' : `${delivery.last_status_code} `;
  return `${code}${delivery.last_answer ?? delivery.last_error ?? ''}`.trim();
}

/** An endpoint's delivery log (docs/product/integrations.md#retries-order-and-disabling): Event, Status, Time, Answer, and Redeliver. */
export function DeliveryLog({ webhook, timeZone, onRedeliver }: { webhook: Webhook; timeZone: string; onRedeliver(deliveryId: number): Promise<unknown> }) {
  const { data: deliveries, error: readError } = useWebhookDeliveries(webhook.id);
  const { saving, error, run } = useSaveState();
  const t = useT();
  const eventLabel = useWebhookEventLabel();
  const shownError = error ? errorMessage(error) : readError ? errorMessage(readError) : null;
  return (
    <Stack gap="2" as="section" aria-label={t('webhooks.deliveriesTo', { url: webhook.url })}>
      <Heading as="h3" size="md">{t('webhooks.deliveriesTo', { url: webhook.url })}</Heading>
      <ErrorAlert message={shownError} size="sm" />
      {deliveries && deliveries.length === 0 ? <Text color="fg.muted">{t('webhooks.nothingSent')}</Text> : null}
      {deliveries && deliveries.length > 0 ? (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label={t('webhooks.deliveries')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('webhooks.event')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.time')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('webhooks.answer')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {deliveries.map((delivery) => (
                <Table.Row key={delivery.id} verticalAlign="top">
                  <Table.Cell>
                    <Text>
                      {delivery.ticket_id
                        ? t('webhooks.eventOnTicket', { event: eventLabel(delivery.type), ticket: String(delivery.ticket_id) })
                        : eventLabel(delivery.type)}
                    </Text>
                    <Text color="fg.muted" fontSize="xs">{delivery.event_id}</Text>
                  </Table.Cell>
                  <Table.Cell>
                    {delivery.attempts > 1
                      ? t('webhooks.statusWithAttempts', { status: t(STATUS_LABELS[delivery.status]), count: delivery.attempts })
                      : t(STATUS_LABELS[delivery.status])}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap"><DateText iso={delivery.date_delivered ?? delivery.date_created} timeZone={timeZone} withTime /></Table.Cell>
                  <Table.Cell maxW="md" wordBreak="break-word">{answerOf(delivery) ?? t('webhooks.notSentYet')}</Table.Cell>
                  <Table.Cell>
                    <Button size="xs" variant="outline" disabled={saving} onClick={() => void run(() => onRedeliver(delivery.id))}>{t('webhooks.redeliver')}</Button>
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
