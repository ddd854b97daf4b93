import { Badge } from '@chakra-ui/react';
import type { TicketSummary } from '@portal/contract';
import { isOverdue } from '@portal/domain';

/** How a card shows where its ticket stands against its dates: 'overdue' (docs/product/dashboards.md#ticket-placement), or none. */
export type DueState = 'overdue' | null;

export function dueStateOf(ticket: Pick<TicketSummary, 'status_id' | 'date_due'>, now: Date): DueState {
  return isOverdue(ticket, now) ? 'overdue' : null;
}

/** The card's edge and tint for its due state: a red start edge and a red tint, so it is not told by a badge's colour alone. */
export const DUE_STATE_LOOKS = {
  overdue: { borderInlineStartWidth: '4px', borderInlineStartColor: 'red.500', bg: 'red.subtle' },
} as const satisfies Record<Exclude<DueState, null>, object>;

/**
 * The badges of a card's due state, in words ('Overdue'). The due states of response-time targets belong here too, next
 * to the overdue one, so every card and list row shows them the same way.
 */
export function DueMarks({ state }: { state: DueState }) {
  if (state === 'overdue') {
    return (
      <Badge colorPalette="red" variant="solid" data-testid="overdue-badge">
        Overdue
      </Badge>
    );
  }
  return null;
}
