import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { statusActionsFor, type StatusAction, type StatusActionKey, type Viewer } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ConfirmDialog } from '@portal/ui';
import { useT } from '../../../messages';
import type { ChangeTicket } from './types';

/** Each action's label in the catalogue (the domain's labels are its English). */
const ACTION_LABELS = {
  infoProvided: 'status.infoProvided',
  needsMoreWork: 'status.needsMoreWork',
  readyToLaunch: 'status.readyToLaunch',
  markComplete: 'status.markComplete',
  reopen: 'status.reopen',
  cancel: 'status.cancel',
} as const satisfies Record<StatusActionKey, string>;

/** The buttons of the ticket's current status (docs/product/tickets.md#status-workflow), each behind its confirmation. */
export function StatusButtons({ ticket, viewer, onChange }: { ticket: TicketDetail; viewer: Viewer; onChange: ChangeTicket }) {
  const [pending, setPending] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
  const t = useT();
  const messageText = useMessageText();
  const actions = statusActionsFor(ticket.status_id, viewer.groupId);
  if (actions.length === 0) return null;

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    await onChange({ status_id: pending.toStatus });
    setBusy(false);
    setPending(null);
  }

  return (
    <Stack gap="2" role="group" aria-label={t('status.actions')}>
      {actions.map((action) => (
        <Button
          key={action.key}
          size="sm"
          colorPalette={action.danger ? 'red' : 'blue'}
          variant={action.danger ? 'outline' : 'solid'}
          onClick={() => setPending(action)}
        >
          {t(ACTION_LABELS[action.key])}
        </Button>
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(ACTION_LABELS[pending.key]) : undefined}
        message={pending ? messageText(pending.confirmation) : ''}
        confirmLabel={pending ? t(ACTION_LABELS[pending.key]) : t('status.confirm')}
        cancelLabel={t('status.goBack')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
