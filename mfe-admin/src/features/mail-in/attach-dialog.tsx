import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useHeldMailMutations } from '@portal/api-client';
import { heldMailAttach, type HeldMail } from '@portal/contract';
import { heldMailNoteVisibility, type NoteVisibility } from '@portal/domain';
import { formResolver, NoteVisibilityChoice } from '@portal/features';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

/** The resolver's message; never shown (the field shows mailIn.ticketNumberMissing in the reader's language). */
const TICKET_NUMBER_MISSING = 'Enter a ticket number.';

/** The subject as the list names the message, '(no subject)' in the reader's language when there is none. */
export function useSubjectOf(): (mail: HeldMail) => string {
  const t = useT();
  return (mail) => mail.subject.trim() || t('mailIn.noSubject');
}

const isTicketNumber = (value: string) => /^\d+$/.test(value.trim()) && Number(value) > 0;

interface AttachValues {
  ticket_id: string;
}

/** The ticket as the API takes it (a positive whole number); Attach waits for one, so the message shows at the field only. */
const resolver = formResolver<AttachValues>(heldMailAttach, TICKET_NUMBER_MISSING);

/**
 * Attach a held message to a ticket: a note by the support team that says who wrote it, a reply or an internal
 * note as the admin chooses; it starts on Internal note when the sender was not verified
 * (docs/product/notifications-and-mail.md#mail-in). The ticket its headers or subject named is offered; a refusal
 * (no such ticket) is shown here and what was typed stays. Keyed by the message, so each one opens with its own
 * ticket number and choice.
 */
export function AttachDialog({ mail, onClose }: { mail: HeldMail | null; onClose(): void }) {
  const t = useT();
  const subjectOf = useSubjectOf();
  const { register, handleSubmit, watch } = useForm<AttachValues>({
    resolver,
    defaultValues: { ticket_id: mail?.ticket_id ? String(mail.ticket_id) : '' },
  });
  const { attach } = useHeldMailMutations();
  const { saving, error, run } = useSaveState();
  const input = useRef<HTMLInputElement | null>(null);
  const [visibility, setVisibility] = useState<NoteVisibility>(() => (mail ? heldMailNoteVisibility(mail.reason) : 'internal'));

  const ticket = watch('ticket_id');
  const ready = isTicketNumber(ticket);
  const submit = handleSubmit(({ ticket_id: typed }) => {
    if (!mail || !isTicketNumber(typed)) return;
    void run(async () => {
      await attach(mail.mail_in_id, Number(typed.trim()), { internal: visibility === 'internal' });
      onClose();
    });
  });
  const { ref, ...ticketField } = register('ticket_id');

  return (
    <Dialog.Root
      open={mail !== null}
      onOpenChange={({ open }) => {
        if (!open && !saving) onClose();
      }}
      initialFocusEl={() => input.current}
      placement="center"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form
              aria-label={t('mailIn.attach')}
              onSubmit={(event) => void submit(event)}
            >
              <Dialog.Header>
                <Dialog.Title>{t('mailIn.attach')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {mail ? (
                    <Text color="fg.muted" fontSize="sm" wordBreak="break-word">
                      {t('mailIn.mailLine', { sender: mail.from_name ? `${mail.from_name} <${mail.from_address}>` : mail.from_address, subject: subjectOf(mail) })}
                    </Text>
                  ) : null}
                  <Field.Root required invalid={ticket !== '' && !ready}>
                    <Field.Label>{t('mailIn.ticketNumber')}</Field.Label>
                    <Input
                      ref={(element) => {
                        ref(element);
                        input.current = element;
                      }}
                      inputMode="numeric"
                      {...ticketField}
                    />
                    <Field.ErrorText>{t('mailIn.ticketNumberMissing')}</Field.ErrorText>
                  </Field.Root>
                  <NoteVisibilityChoice value={visibility} onChange={setVisibility} />
                  {visibility === 'internal' ? (
                    <Text fontSize="sm" fontWeight="semibold" color="yellow.fg">{t('mailIn.internalHint')}</Text>
                  ) : null}
                  <ErrorAlert message={error ? errorMessage(error) : null} size="sm" />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>{t('mailIn.cancel')}</Button>
                <Button type="submit" colorPalette="blue" disabled={!ready} loading={saving}>{t('mailIn.attachButton')}</Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('mailIn.close')} disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
