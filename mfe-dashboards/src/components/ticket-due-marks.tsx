import { Badge } from '@chakra-ui/react';
import type { TicketSla, TicketSummary } from '@portal/contract';
import { isOverdue, slaBadgeAt, type SlaLevel } from '@portal/domain';
import { SlaBadge } from '@portal/ui';
import { useT } from '../messages';

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
 * A card's edge for its response-time clock (docs/product/response-times.md#who-sees-it) when it is not overdue: red
 * once a target is breached, amber at risk; none when on time or without a clock (a client's card never has one).
 */
export function slaLooksOf(sla: TicketSla | null | undefined, now: Date): { borderInlineStartWidth: string; borderInlineStartColor: string } | null {
  const level: SlaLevel | null = sla ? slaBadgeAt(sla, now).state : null;
  if (level === 'breached') return { borderInlineStartWidth: '4px', borderInlineStartColor: 'red.500' };
  if (level === 'at-risk') return { borderInlineStartWidth: '4px', borderInlineStartColor: 'orange.400' };
  return null;
}

/**
 * The badges of a card's due state, in words ('Overdue'), and the next due response-time target with its time left
 * (the ticket screen's badge), so every card and list row shows them the same way.
 */
export function DueMarks({ state, sla }: { state: DueState; sla?: TicketSla | null }) {
  const t = useT();
  return (
    <>
      {state === 'overdue' ? (
        <Badge colorPalette="red" variant="solid" data-testid="overdue-badge">
          {t('card.overdue')}
        </Badge>
      ) : null}
      <SlaBadge sla={sla} />
    </>
  );
}
