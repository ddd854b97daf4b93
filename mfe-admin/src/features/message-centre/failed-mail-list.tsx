import { useState } from 'react';
import { Button, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { SENT_MESSAGES_POLL_MS, errorMessage, useFailedMail, useFailedMailMutations } from '@portal/api-client';
import type { FailedMail } from '@portal/contract';
import { canRequeueMail } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { DateText, ErrorAlert, ListStates } from '@portal/ui';
import { useT } from '../../messages';

/**
 * Mail the outbox gave up on after its last attempt, any kind (docs/product/messaging.md#failed-mail), newest first:
 * to whom, what, the last error; 'Re-queue' puts one back in the queue, to be sent at once.
 */
export function FailedMailList() {
  const t = useT();
  const { data: failed, error } = useFailedMail({ refreshInterval: SENT_MESSAGES_POLL_MS });
  const { requeue } = useFailedMailMutations();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const [busy, setBusy] = useState<number | null>(null);
  const [problem, setProblem] = useState<unknown>(null);
  /** The address of the mail just put back in the queue. */
  const [done, setDone] = useState<string | null>(null);
  if (!viewer || !canRequeueMail(viewer)) return null;

  async function requeueMail(mail: FailedMail) {
    setBusy(mail.id);
    setProblem(null);
    setDone(null);
    try {
      await requeue(mail.id);
      setDone(mail.to_address);
    } catch (caught) {
      setProblem(caught);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack as="section" aria-labelledby="failed-mail-heading" gap="3">
      <Heading as="h3" size="md" id="failed-mail-heading">{t('messageCentre.failedMail')}</Heading>
      <ErrorAlert message={problem} />
      {done !== null ? <Text role="status" color="green.700" fontSize="sm">{t('messageCentre.requeued', { address: done })}</Text> : null}
      <ListStates data={failed} error={error ? errorMessage(error) : null} emptyText={t('messageCentre.noFailedMail')}>
        {(list) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t('messageCentre.failedMail')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('messageCentre.columnTo')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('messageCentre.columnSubject')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('messageCentre.columnQueued')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('messageCentre.columnLastError')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('messageCentre.columnActions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((mail) => (
                  <Table.Row key={mail.id} aria-label={t('messageCentre.mailTo', { subject: mail.subject, address: mail.to_address })} verticalAlign="top">
                    <Table.Cell wordBreak="break-all">{mail.to_address}</Table.Cell>
                    <Table.Cell whiteSpace="normal" wordBreak="break-word">{mail.subject}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap"><DateText iso={mail.date_created} timeZone={timeZone} withTime /></Table.Cell>
                    <Table.Cell whiteSpace="normal" color="red.600" fontSize="xs">
                      {mail.error ?? '—'} <Text as="span" color="fg.muted">{t('messageCentre.attempts', { count: mail.attempts })}</Text>
                    </Table.Cell>
                    <Table.Cell>
                      <Button
                        size="xs"
                        colorPalette="blue"
                        loading={busy === mail.id}
                        aria-label={t('messageCentre.requeueMail', { subject: mail.subject, address: mail.to_address })}
                        onClick={() => void requeueMail(mail)}
                      >
                        {t('messageCentre.requeue')}
                      </Button>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
    </Stack>
  );
}
