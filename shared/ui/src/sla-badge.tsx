import { useEffect, useState, useSyncExternalStore } from 'react';
import { Badge } from '@chakra-ui/react';
import type { TicketSla } from '@portal/contract';
import { businessDurationText, nextSlaChangeAt, slaBadgeAt, type SlaLevel } from '@portal/domain';
import { useT } from './messages';

const PALETTE: Readonly<Record<SlaLevel, string>> = { ok: 'gray', 'at-risk': 'orange', breached: 'red' };
/** How often the badges look at the clock again, for the minutes they show. */
export const SLA_TICK_MS = 30_000;
/** A threshold nearer than this gets a timer of its own, so the badge turns amber or red at that instant. */
const WAKE_WITHIN_MS = 60 * 60_000;

// One timer for every badge on the screen (a kanban shows hundreds), started by the first and stopped with the last.
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let tick = Date.now();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    tick = Date.now();
    timer = setInterval(() => {
      tick = Date.now();
      for (const each of listeners) each();
    }, SLA_TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const stayStill = () => () => undefined;

/**
 * The instant the badges read the clock last (every SLA_TICK_MS while one is shown); `active` false (a ticket without
 * a clock): the time of the render, and no re-render on the tick.
 */
export function useSlaClock(active = true): Date {
  // The first badge after a while without any reads an old tick once: subscribing takes the time again, and React
  // reads the tick again after subscribing.
  const at = useSyncExternalStore(active ? subscribe : stayStill, () => tick, () => tick);
  return active ? new Date(at) : new Date();
}

/**
 * A ticket's next due response-time target (docs/product/response-times.md#who-sees-it), in words and colour: amber
 * from 75 % used, red once over. The same badge on the ticket screen, the list rows and kanban cards and the agent
 * page. Staff only: a client's answer carries no clock, and nothing shows without one.
 */
export function SlaBadge({ sla, size }: { sla: TicketSla | null | undefined; size?: 'xs' | 'sm' | 'md' }) {
  const t = useT();
  const ticked = useSlaClock(Boolean(sla));
  // Woken at the next threshold: the tick alone would show amber up to 30 s late, or skip it for a short target.
  const [woken, setWoken] = useState(0);
  const now = new Date(Math.max(ticked.getTime(), woken));
  const state = sla ? slaBadgeAt(sla, now).state : null;
  const next = sla && state ? nextSlaChangeAt({ ...sla, state })?.getTime() ?? null : null;
  useEffect(() => {
    if (next === null) return undefined;
    const wait = next - Date.now();
    if (wait > WAKE_WITHIN_MS) return undefined;
    const timer = setTimeout(() => setWoken(Date.now()), Math.max(0, wait) + 20);
    return () => clearTimeout(timer);
  }, [next]);
  if (!sla) return null;
  const badge = slaBadgeAt(sla, now);
  // The words of slaBadgeText (the answer's own level, with the time) or, once time alone moved it on, without minutes.
  const values = { target: sla.target, time: businessDurationText(sla.left_minutes) };
  const words = badge.state !== sla.state ? t(badge.state === 'breached' ? 'sla.nowOverdue' : 'sla.nowAtRisk', values)
    : t(badge.state === 'breached' ? 'sla.overdueBy' : badge.state === 'at-risk' ? 'sla.atRisk' : 'sla.due', values);
  return (
    <Badge
      size={size}
      variant={badge.state === 'ok' ? 'outline' : 'solid'}
      colorPalette={PALETTE[badge.state]}
      data-testid="sla-badge"
      data-state={badge.state}
    >
      {badge.state === sla.state && sla.paused ? t('sla.paused', { badge: words }) : words}
    </Badge>
  );
}
