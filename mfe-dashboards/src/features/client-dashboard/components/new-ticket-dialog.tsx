import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { ExposedComponent, useDialogButton } from '@portal/ui';
import { useT } from '../../../messages';

/** 'New Ticket': the tickets remote's form in a modal, loaded through federation at run time (the dialog's code at the first press). */
export function NewTicketDialog({
  companyId, open, onOpenChange, onCreated,
}: {
  companyId: number;
  open: boolean;
  onOpenChange(open: boolean): void;
  onCreated(ticket: { ticket_id: number; company_id: number }): void;
}) {
  const t = useT();
  const dialog = useDialogButton({ open, onOpenChange });
  return (
    <>
      <Button {...dialog.buttonProps} colorPalette="blue" size="sm">
        {t('newTicket.button')}
      </Button>
      {dialog.mounted ? (
        <Dialog.Root {...dialog.rootProps} size="lg" placement="top" lazyMount unmountOnExit>
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
      ) : null}
    </>
  );
}
