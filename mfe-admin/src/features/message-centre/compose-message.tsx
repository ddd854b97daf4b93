import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMessageMutations } from '@portal/api-client';
import { messageSend, type MessageRecipient } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { formResolver } from '@portal/features';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { MessageComposer, type Draft } from './message-composer';
import { RecipientFiltersForm } from './recipient-filters';
import { RecipientList, recipientKey } from './recipient-list';
import { NO_FILTERS, recipientsQueryFor, type RecipientFilters } from './recipient-query';
import { SendProgress } from './send-progress';
import { readMessageDraft, writeMessageDraft } from './message-draft';

/** The subject and message as the API takes them, neither blank; Send waits for both, so the message is not shown. */
const resolver = formResolver<Draft>(messageSend.pick({ subject: true, message: true }), MESSAGES.fillAllFields);

/**
 * The message centre's Compose tab (docs/product/messaging.md#message-centre): choose a kind and its filters, look the
 * recipients up, untick some, write the subject and message (tokens are filled in per recipient by the server), send;
 * the send is queued and its progress shown recipient by recipient. The subject and message survive a reload until sent.
 */
export function ComposeMessage() {
  const t = useT();
  const [filters, setFilters] = useState<RecipientFilters>(NO_FILTERS);
  const [recipients, setRecipients] = useState<MessageRecipient[] | null>(null);
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const form = useForm<Draft>({ resolver, defaultValues: readMessageDraft() });
  const draft = form.watch();
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [messageId, setMessageId] = useState<number | null>(null);
  const { recipients: lookUp, send } = useMessageMutations();
  const chosen = (recipients ?? []).filter((recipient) => !unticked.has(recipientKey(recipient)));
  const ready = chosen.length > 0 && draft.subject.trim() !== '' && draft.message.trim() !== '';

  // Every change is kept for a reload, until the message is sent.
  useEffect(() => {
    const subscription = form.watch((values) => writeMessageDraft({ subject: values.subject ?? '', message: values.message ?? '' }));
    return () => subscription.unsubscribe();
  }, [form]);

  function changeFilters(next: RecipientFilters) {
    setFilters(next);
    setRecipients(null);
    setUnticked(new Set());
  }

  async function findRecipients() {
    const built = recipientsQueryFor(filters);
    if ('problem' in built) {
      setProblem(built.problem);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      setRecipients(await lookUp(built.query));
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  async function sendMessage(composed: Draft) {
    setProblem(null);
    setBusy(true);
    try {
      const queued = await send({
        subject: composed.subject,
        message: composed.message,
        kind: filters.kind,
        recipients: chosen.map((r) => ({ contact_id: r.contact_id, company_id: r.company_id, ticket_ids: r.ticket_ids })),
      });
      setMessageId(queued.message_id);
      writeMessageDraft(null);
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="5">
      <ErrorAlert message={problem} />
      <Card.Root size="sm">
        <Card.Body gap="3">
          <RecipientFiltersForm value={filters} onChange={changeFilters} />
          <HStack>
            <Button size="sm" variant="outline" loading={busy && recipients === null} onClick={() => void findRecipients()}>{t('messageCentre.findRecipients')}</Button>
            {recipients ? <Text fontSize="sm" color="fg.muted">{t('messageCentre.selectedCount', { selected: chosen.length, total: recipients.length })}</Text> : null}
          </HStack>
          {recipients ? (
            <RecipientList
              recipients={recipients}
              unticked={unticked}
              onToggle={(key) => {
                const next = new Set(unticked);
                if (next.has(key)) next.delete(key);
                else next.add(key);
                setUnticked(next);
              }}
            />
          ) : null}
        </Card.Body>
      </Card.Root>
      <MessageComposer kind={filters.kind} form={form} />
      <HStack>
        <Button colorPalette="blue" disabled={!ready} loading={busy && recipients !== null} onClick={() => void form.handleSubmit(sendMessage)()}>{t('messageCentre.send')}</Button>
        {messageId ? <Button variant="ghost" size="sm" onClick={() => setMessageId(null)}>{t('messageCentre.newMessage')}</Button> : null}
      </HStack>
      {messageId ? <SendProgress key={messageId} messageId={messageId} /> : null}
    </Stack>
  );
}
