import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { PRESENCE_SEND_GAP_MS, PRESENCE_TYPING_IDLE_MS, type PresenceActivity, type PresencePerson } from '@portal/domain';
import { useApiClient } from './api-client-context';
import type { LiveApi } from './live';

/*
 * Who is on a ticket now (docs/product/tickets.md#who-is-on-the-ticket), for this tab. The live hook (live.ts) gives the
 * stream's id on `ready` and hands over each `presence` event; the ticket screen says what the tab does on its
 * ticket (shows it, types a reply or an internal note) with POST /events/presence: once on each change, at most once
 * every PRESENCE_SEND_GAP_MS, and again on a new stream. No polling: the server says it again while the stream is open.
 * Like the watch list, this belongs to the tab (one Module Federation singleton), not to a component.
 */

const EMPTY: readonly PresencePerson[] = [];
let stream: string | null = null;
const people = new Map<number, readonly PresencePerson[]>();
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The tab's stream: its id on `ready`, null when it dropped. Who is on each ticket comes again on the new one. */
export function setPresenceStream(id: string | null): void {
  if (stream === id) return;
  stream = id;
  people.clear();
  for (const sender of senders.values()) sender.restart();
  changed();
}

/** A `presence` event: who else is on `ticketId`, as this viewer may see them. */
export function notePresence(ticketId: number, onTicket: readonly PresencePerson[]): void {
  if (onTicket.length === 0) people.delete(ticketId);
  else people.set(ticketId, onTicket);
  changed();
}

interface Sender {
  users: number;
  /** What the tab does on the ticket, as the screen says it now. */
  wanted: PresenceActivity | null;
  restart(): void;
  want(activity: PresenceActivity | null): void;
}

const senders = new Map<number, Sender>();

/** Says what this tab does on `ticketId` on every change, one request at a time and at most one every PRESENCE_SEND_GAP_MS. */
function senderFor(live: LiveApi, ticketId: number): Sender {
  let said: { stream: string; activity: PresenceActivity | null } | null = null;
  let lastAt = -Infinity;
  let sending = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = () => {
    timer = undefined;
    const to = stream;
    if (sending || to === null || (said?.stream === to && said.activity === sender.wanted)) return;
    // Nothing said on this stream yet: leaving it is nothing to say.
    if (sender.wanted === null && said?.stream !== to) {
      forget();
      return;
    }
    const wait = lastAt + PRESENCE_SEND_GAP_MS - Date.now();
    if (wait > 0) {
      timer = setTimeout(send, wait);
      return;
    }
    const activity = sender.wanted;
    sending = true;
    lastAt = Date.now();
    // A refused or failed one is not tried again until the next change: presence is a courtesy, never a load.
    live.presence(to, ticketId, activity).then(() => undefined, () => undefined).finally(() => {
      said = { stream: to, activity };
      sending = false;
      if (sender.users === 0 && sender.wanted === null) forget();
      else schedule();
    });
  };
  const schedule = () => {
    if (timer === undefined) send();
  };
  const forget = () => {
    if (sender.users === 0 && senders.get(ticketId) === sender) senders.delete(ticketId);
  };
  const sender: Sender = {
    users: 0,
    wanted: null,
    // A new stream (or none): nothing is said on it yet; a sender nobody holds has nothing to say (the server forgets a closed stream's presence).
    restart: () => {
      clearTimeout(timer);
      timer = undefined;
      said = null;
      lastAt = -Infinity;
      if (sender.users === 0) forget();
      else schedule();
    },
    want: (activity) => {
      sender.wanted = activity;
      schedule();
    },
  };
  return sender;
}

/** The tab's sender for `ticketId`, counted while a component holds it. */
function holdSender(live: LiveApi, ticketId: number): { sender: Sender; release: () => void } {
  let sender = senders.get(ticketId);
  if (!sender) senders.set(ticketId, (sender = senderFor(live, ticketId)));
  sender.users += 1;
  const held = sender;
  return {
    sender: held,
    release: () => {
      held.users -= 1;
      if (held.users === 0) held.want(null);
    },
  };
}

/** Who else is on `ticketId` now (never the viewer), as the server lets this viewer see them; the tab shows it while mounted. */
export function useTicketPresence(ticketId: number | null): readonly PresencePerson[] {
  const client = useApiClient();
  useEffect(() => {
    if (ticketId === null) return undefined;
    const { sender, release } = holdSender(client.live, ticketId);
    if (sender.wanted === null) sender.want('viewing');
    return release;
  }, [client, ticketId]);
  const read = useCallback(() => (ticketId === null ? EMPTY : people.get(ticketId) ?? EMPTY), [ticketId]);
  return useSyncExternalStore(subscribe, read, () => EMPTY);
}

/**
 * The note editor's part: `typing` on each keystroke (a reply, or an internal note), `stopped` when the note is sent or
 * the editor loses focus; typing also stops after PRESENCE_TYPING_IDLE_MS without a keystroke.
 */
export function usePresenceTyping(ticketId: number) {
  const client = useApiClient();
  const handle = useMemo(() => {
    let idle: ReturnType<typeof setTimeout> | undefined;
    let held: ReturnType<typeof holdSender> | undefined;
    const stopped = () => {
      clearTimeout(idle);
      if (held && held.sender.wanted !== null && held.sender.wanted !== 'viewing') held.sender.want('viewing');
    };
    return {
      mount: () => {
        held = holdSender(client.live, ticketId);
        if (held.sender.wanted === null) held.sender.want('viewing');
        return () => {
          stopped();
          held?.release();
          held = undefined;
        };
      },
      typing: (activity: 'replying' | 'noting') => {
        clearTimeout(idle);
        idle = setTimeout(stopped, PRESENCE_TYPING_IDLE_MS);
        if (held && held.sender.wanted !== activity) held.sender.want(activity);
      },
      stopped,
    };
  }, [client, ticketId]);
  useEffect(() => handle.mount(), [handle]);
  return { typing: handle.typing, stopped: handle.stopped };
}
