import type { Change } from '@portal/domain';
import { changesAnswers, startingCount, type EventTransport } from '../plugins/event-transports';

interface Peer {
  deliver?: (changes: Change[], seq?: number) => void;
  resync?: () => void;
  /** Deliveries from other peers held back, in order. */
  held?: (() => void)[];
}

/**
 * Processes' transports linked as cluster IPC or NOTIFY link them, in one test process: one counter numbers each
 * batch (docs/decisions/0017-read-your-writes-by-change-sequence.md) and every peer gets its own copy of it.
 * `resync()` tells that peer's process that it may have missed changes.
 */
export function linkedTransports() {
  const peers: Peer[] = [];
  let counter = startingCount();
  const peer = (): EventTransport & { resync(): void; hold(): void; release(): void } => {
    const me: Peer = {};
    peers.push(me);
    return {
      name: 'local',
      async start(deliver, resync) {
        me.deliver = deliver;
        me.resync = resync;
      },
      async publish(changes) {
        const seq = changesAnswers(changes) ? (counter += 1) : undefined;
        for (const each of peers) {
          const copy = structuredClone(changes);
          if (each.held && each !== me) each.held.push(() => each.deliver?.(copy, seq));
          else each.deliver?.(copy, seq);
        }
        return seq;
      },
      async current() {
        return counter;
      },
      async close() {
        me.deliver = undefined;
      },
      resync: () => me.resync?.(),
      /** Other processes' changes wait, as on a slow wire, until `release`. */
      hold: () => {
        me.held ??= [];
      },
      release: () => {
        const waiting = me.held ?? [];
        me.held = undefined;
        for (const deliver of waiting) deliver();
      },
    };
  };
  return { peer };
}
