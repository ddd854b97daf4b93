import type { Change } from '@portal/domain';
import { changesAnswers, startingCount, type EventTransport } from '../plugins/event-transports';

/**
 * Processes' transports linked as cluster IPC or NOTIFY link them, in one test process: one counter numbers each
 * batch (docs/decisions/0017-read-your-writes-by-change-sequence.md) and every peer gets its own copy of it.
 * `resync()` tells that peer's process that it may have missed changes.
 */
export function linkedTransports() {
  const peers: { deliver?: (changes: Change[], seq?: number) => void }[] = [];
  let counter = startingCount();
  const peer = (): EventTransport & { resync(): void } => {
    const me: { deliver?: (changes: Change[], seq?: number) => void; resync?: () => void } = {};
    peers.push(me);
    return {
      name: 'local',
      async start(deliver, resync) {
        me.deliver = deliver;
        me.resync = resync;
      },
      async publish(changes) {
        const seq = changesAnswers(changes) ? (counter += 1) : undefined;
        for (const each of peers) each.deliver?.(structuredClone(changes), seq);
        return seq;
      },
      async current() {
        return counter;
      },
      async close() {
        me.deliver = undefined;
      },
      resync: () => me.resync?.(),
    };
  };
  return { peer };
}
