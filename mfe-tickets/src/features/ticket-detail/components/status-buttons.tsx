import { useState } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import type { TicketDetail } from '@portal/contract';
import { statusActionsFor, type StatusAction, type Viewer } from '@portal/domain';
import { ConfirmDialog } from '@portal/ui';
import type { ChangeTicket } from './types';

/** The buttons of the ticket's current status (docs/product/tickets.md#status-workflow), each behind its confirmation. */
export function StatusButtons({ ticket, viewer, onChange }: { ticket: TicketDetail; viewer: Viewer; onChange: ChangeTicket }) {
  const [pending, setPending] = useState<StatusAction | null>(null);
  const [busy, setBusy] = useState(false);
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
    <Stack gap="2" role="group" aria-label="Status actions">
      {actions.map((action) => (
        <Button
          key={action.key}
          size="sm"
          colorPalette={action.danger ? 'red' : 'blue'}
          variant={action.danger ? 'outline' : 'solid'}
          onClick={() => setPending(action)}
        >
          {action.label}
        </Button>
      ))}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.label}
        message={pending?.confirmation ?? ''}
        confirmLabel={pending?.label ?? 'Confirm'}
        cancelLabel="Go Back"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
      />
    </Stack>
  );
}
