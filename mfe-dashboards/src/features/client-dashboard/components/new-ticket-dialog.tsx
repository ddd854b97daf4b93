import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { ExposedComponent } from '@portal/ui';
import { useT } from '../../../messages';

/** 'New Ticket': the tickets remote's form in a modal, loaded through federation at run time. */
export function NewTicketDialog({
  companyId, open, onOpenChange, onCreated,
}: {
  companyId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(ticket: { ticket_id: number; company_id: number }): void;
}) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={({ open: next }) => onOpenChange(next)} size="lg" placement="top" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button colorPalette="blue" size="sm">
          {t('newTicket.button')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('newTicket.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <ExposedComponent
                name="tickets/NewTicketForm"
                props={{
                  companyId,
                  onCreated: (ticket) => {
                    onCreated(ticket);
                    onOpenChange(false);
                  },
                  onCancel: () => onOpenChange(false),
                }}
              />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
