import { useEffect, useState } from 'react';
import { Badge } from '@chakra-ui/react';
import type { TicketSla } from '@portal/contract';
import { slaBadgeAt, type SlaLevel } from '@portal/domain';

const PALETTE: Readonly<Record<SlaLevel, string>> = { ok: 'gray', 'at-risk': 'orange', breached: 'red' };
/** How often the badge looks at the clock again: it turns amber or red on time between two answers. */
const TICK_MS = 30_000;

/**
 * The ticket's next due response-time target (docs/product/response-times.md#who-sees-it), in words and colour:
 * amber from 75 % used, red once over. Staff only: a client's answer carries no clock.
 */
export function SlaBadge({ sla }: { sla: TicketSla }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const badge = slaBadgeAt(sla, now);
  return (
    <Badge variant={badge.state === 'ok' ? 'outline' : 'solid'} colorPalette={PALETTE[badge.state]} data-testid="sla-badge" data-state={badge.state}>
      {badge.text}
    </Badge>
  );
}
