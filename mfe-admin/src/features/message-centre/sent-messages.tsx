import { Fragment, useState } from 'react';
import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { SENT_MESSAGES_POLL_MS, errorMessage, useSentMessages } from '@portal/api-client';
import { useSession } from '@portal/session';
import { DateText, ListStates } from '@portal/ui';
import { useT } from '../../messages';
import { FailedMailList } from './failed-mail-list';
import { ResultBadges } from './result-badges';
import { SentMessageDetail } from './sent-message-detail';

/**
 * The Sent tab (docs/product/messaging.md#sent-messages): every send, newest first, with when, who sent it, the subject,
 * how many recipients and what became of their mail; 'Recipients' opens one send's recipients, where the failed ones
 * can be mailed again. Below it, the failed outbox mail (docs/product/messaging.md#failed-mail).
 */
export function SentMessages() {
  const t = useT();
  const { data: sends, error } = useSentMessages({ refreshInterval: SENT_MESSAGES_POLL_MS });
  const timeZone = useSession((s) => s.timeZone);
  const [open, setOpen] = useState<number | null>(null);

  return (
    <Stack gap="6">
      <Stack as="section" aria-labelledby="sent-messages-heading" gap="3">
        <Heading as="h3" size="md" id="sent-messages-heading">{t('messageCentre.sentMessages')}</Heading>
        <ListStates data={sends} error={error ? errorMessage(error) : null} emptyText={t('messageCentre.noneSent')}>
          {(list) => (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" aria-label={t('messageCentre.sentMessages')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('messageCentre.columnSent')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messageCentre.columnBy')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messageCentre.columnSubject')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messageCentre.columnRecipients')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('messageCentre.columnResult')}</Table.ColumnHeader>
                    <Table.ColumnHeader><Text srOnly>{t('messageCentre.columnActions')}</Text></Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((send) => {
                    const expanded = open === send.message_id;
                    return (
                      <Fragment key={send.message_id}>
                        <Table.Row aria-label={send.subject} verticalAlign="top">
                          <Table.Cell whiteSpace="nowrap"><DateText iso={send.date_created} timeZone={timeZone} withTime /></Table.Cell>
                          <Table.Cell>{send.sender_name ?? '—'}</Table.Cell>
                          <Table.Cell whiteSpace="normal" wordBreak="break-word" fontWeight="medium">{send.subject}</Table.Cell>
                          <Table.Cell>{send.total}</Table.Cell>
                          <Table.Cell><ResultBadges results={send.results} /></Table.Cell>
                          <Table.Cell>
                            <Button
                              size="xs"
                              variant="ghost"
                              aria-expanded={expanded}
                              aria-label={t('messageCentre.recipientsOfSend', { subject: send.subject })}
                              onClick={() => setOpen(expanded ? null : send.message_id)}
                            >
                              {t('messageCentre.recipientsButton')}
                            </Button>
                          </Table.Cell>
                        </Table.Row>
                        {expanded ? (
                          <Table.Row>
                            <Table.Cell colSpan={6} bg="bg.subtle">
                              <SentMessageDetail messageId={send.message_id} subject={send.subject} />
                            </Table.Cell>
                          </Table.Row>
                        ) : null}
                      </Fragment>
                    );
                  })}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )}
        </ListStates>
      </Stack>
      <FailedMailList />
    </Stack>
  );
}
