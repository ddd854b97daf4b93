import { useRef, useState } from 'react';
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { errorMessage, useHeldMailMutations } from '@portal/api-client';
import type { HeldMail } from '@portal/contract';
import { ErrorAlert, useSaveState } from '@portal/ui';

const isTicketNumber = (value: string) => /^\d+$/.test(value.trim()) && Number(value) > 0;

/**
 * Attach a held message to a ticket: a note by the support team that says who wrote it. The ticket
 * its headers or subject named is offered; a refusal (no such ticket) is shown here and what was typed stays.
 * Keyed by the message, so each one opens with its own ticket number.
 */
export function AttachDialog({ mail, onClose }: { mail: HeldMail | null; onClose(): void }) {
  const [ticket, setTicket] = useState(mail?.ticket_id ? String(mail.ticket_id) : '');
  const { attach } = useHeldMailMutations();
  const { saving, error, run } = useSaveState();
  const input = useRef<HTMLInputElement>(null);

  const ready = isTicketNumber(ticket);
  const submit = () => {
    if (!mail || !ready) return;
    void run(async () => {
      await attach(mail.mail_in_id, Number(ticket.trim()));
      onClose();
    });
  };

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
              aria-label="Attach to ticket"
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Attach to ticket</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="3">
                  {mail ? (
                    <Text color="fg.muted" fontSize="sm" wordBreak="break-word">
                      {mail.from_name ? `${mail.from_name} <${mail.from_address}>` : mail.from_address}: {mail.subject || '(no subject)'}
                    </Text>
                  ) : null}
                  <Field.Root required invalid={ticket !== '' && !ready}>
                    <Field.Label>Ticket number</Field.Label>
                    <Input ref={input} inputMode="numeric" value={ticket} onChange={(event) => setTicket(event.currentTarget.value)} />
                    <Field.ErrorText>Enter a ticket number.</Field.ErrorText>
                  </Field.Root>
                  <ErrorAlert message={error ? errorMessage(error) : null} size="sm" />
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={saving}>Cancel</Button>
                <Button type="submit" colorPalette="blue" disabled={!ready} loading={saving}>Attach</Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" disabled={saving} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
