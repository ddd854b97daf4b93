import { useState } from 'react';
import { Button, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { MAIL_IN_STATUS_POLL_MS, errorMessage, useApiClient, useHeldMail, useHeldMailMutations } from '@portal/api-client';
import type { HeldMail } from '@portal/contract';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession } from '@portal/session';
import { ConfirmDialog, DateText, ErrorAlert, ListStates, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';
import { AttachDialog, useSubjectOf } from './attach-dialog';

/** The English of mailIn.dropConfirm, as the tests read it. */
export const CONFIRM_DROP_TEXT = 'Drop this message? It stays counted and in the audit trail, but it can no longer be attached to a ticket.';

/** Messages held for an admin, newest first as the API answers them: who, what, when, why; attach, drop, or read the original. */
export function HeldMailList() {
  // Read as often as the status above it: a message held while the screen is open shows up on its own.
  const { data: held, error } = useHeldMail({ refreshInterval: MAIL_IN_STATUS_POLL_MS });
  const { drop } = useHeldMailMutations();
  const client = useApiClient();
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const text = useMessageText();
  const subjectOf = useSubjectOf();
  const [attaching, setAttaching] = useState<HeldMail | null>(null);
  const dropping = useConfirmedDelete((mail: HeldMail) => drop(mail.mail_in_id));

  return (
    <Stack as="section" aria-labelledby="held-mail-heading" gap="3">
      <Heading as="h3" size="md" id="held-mail-heading">{t('mailIn.heldHeading')}</Heading>
      <ErrorAlert message={dropping.error ?? (held && error ? errorMessage(error) : null)} />
      <ListStates data={held} error={error ? errorMessage(error) : null} emptyText={t('mailIn.noHeld')}>
        {(list) => (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t('mailIn.heldHeading')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('mailIn.colFrom')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('mailIn.colSubject')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('mailIn.colReceived')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('mailIn.colReason')}</Table.ColumnHeader>
                  <Table.ColumnHeader><Text srOnly>{t('mailIn.colActions')}</Text></Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((mail) => {
                  const subject = subjectOf(mail);
                  return (
                    <Table.Row key={mail.mail_in_id} aria-label={subject} verticalAlign="top">
                      <Table.Cell>
                        <Stack gap="0">
                          {mail.from_name ? <Text>{mail.from_name}</Text> : null}
                          <Text color="fg.muted" fontSize="xs" wordBreak="break-all">{mail.from_address}</Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell minW="48">
                        <Stack gap="1">
                          <Text fontWeight="medium" wordBreak="break-word" whiteSpace="normal">{subject}</Text>
                          {mail.text ? <Text color="fg.muted" fontSize="xs" lineClamp={3} whiteSpace="pre-line" wordBreak="break-word">{mail.text}</Text> : null}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap"><DateText iso={mail.date_received} timeZone={timeZone} withTime /></Table.Cell>
                      <Table.Cell>
                        <Stack gap="0" maxW="14rem">
                          <Text whiteSpace="normal">{text(mail.reason)}</Text>
                          {mail.verdict ? <Text color="fg.muted" fontSize="xs" wordBreak="break-word" whiteSpace="normal">{mail.verdict}</Text> : null}
                        </Stack>
                      </Table.Cell>
                      <Table.Cell whiteSpace="nowrap">
                        <Stack gap="1" align="flex-end">
                          <Button size="xs" colorPalette="blue" aria-label={t('mailIn.attachFor', { subject })} onClick={() => setAttaching(mail)}>
                            {t('mailIn.attach')}
                          </Button>
                          <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('mailIn.dropFor', { subject })} onClick={() => dropping.ask(mail)}>
                            {t('mailIn.drop')}
                          </Button>
                          <Link href={client.mailIn.rawUrl(mail.mail_in_id)} download={`mail-${mail.mail_in_id}.eml`} fontSize="xs"
                            colorPalette="blue" variant="underline" aria-label={t('mailIn.downloadFor', { subject })}>
                            {t('mailIn.download')}
                          </Link>
                        </Stack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ListStates>
      <AttachDialog key={attaching?.mail_in_id ?? 'none'} mail={attaching} onClose={() => setAttaching(null)} />
      <ConfirmDialog
        {...dropping.dialog}
        title={dropping.pending ? t('mailIn.dropTitle', { subject: subjectOf(dropping.pending) }) : undefined}
        message={t('mailIn.dropConfirm')}
        confirmLabel={t('mailIn.drop')}
      />
    </Stack>
  );
}
