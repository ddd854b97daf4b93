import { LIVE_EVENT_PRESENCE, PRESENCE_TTL_MS, canViewTicket, presenceSeenBy, type Change, type PresenceEntry, type Viewer } from '@portal/domain';

// Who is on a ticket now (docs/product/tickets.md#who-is-on-the-ticket), held by every API process. A tab's
// presence (POST /events/presence) travels through the event transport like a watch list, so every process
// hears it; each tells its own streams that show the ticket (their watch list holds `/ticket/{id}`) and may read
// it, as presenceSeenBy words it for their viewer. The process holding the tab's stream says the presence again
// every PRESENCE_REFRESH_MS (dropping it once its viewer may no longer read the ticket) and says it left when the
// stream closes; a presence nobody says again for PRESENCE_TTL_MS is forgotten (a process that stopped).

export type Presence = Extract<Change, { kind: 'presence' }>;

/** What the board needs of an open stream. */
export interface PresenceStream {
  readonly id: string;
  readonly viewer: Viewer;
  write(chunk: string): void;
}

export interface PresenceBoardOptions {
  now: () => number;
  /** The stream of this process with this id, if any. */
  streamById(id: string): PresenceStream | undefined;
  /** This process's streams whose tab shows `path`. */
  watchersOf(path: string): Iterable<PresenceStream>;
  /** Sends presences to every process (this one included). */
  publish(presences: Presence[]): void;
}

interface Held {
  entry: PresenceEntry;
  until: number;
}

interface TicketPresence {
  companyId: number;
  /** By stream and contact: a presence names its stream, and nobody else's replaces it. */
  entries: Map<string, Held>;
}

const ticketPath = (ticketId: number) => `/ticket/${ticketId}`;
const TICKET_PATH = /^\/ticket\/(\d+)$/;
const slotOf = (presence: { stream: string; contactId: number }) => `${presence.stream}:${presence.contactId}`;

export function presenceBoard(options: PresenceBoardOptions) {
  const { now, streamById, watchersOf, publish } = options;
  const tickets = new Map<number, TicketPresence>();
  /** The presences of this process's own streams, by stream id and ticket: said again, and left on close. */
  const own = new Map<string, Map<number, Presence>>();
  /** What each stream was last told of each ticket: it is told again only when that differs. */
  const told = new WeakMap<PresenceStream, Map<number, string>>();

  const tellStream = (stream: PresenceStream, ticketId: number) => {
    const ticket = tickets.get(ticketId);
    const allowed = ticket !== undefined && canViewTicket(stream.viewer, { company_id: ticket.companyId });
    const people = allowed ? presenceSeenBy(stream.viewer, [...ticket.entries.values()].map((held) => held.entry)) : [];
    const json = JSON.stringify({ ticketId, people });
    let byTicket = told.get(stream);
    if (!byTicket) told.set(stream, (byTicket = new Map()));
    if ((byTicket.get(ticketId) ?? JSON.stringify({ ticketId, people: [] })) === json) return;
    if (people.length === 0) byTicket.delete(ticketId);
    else byTicket.set(ticketId, json);
    stream.write(`event: ${LIVE_EVENT_PRESENCE}\ndata: ${json}\n\n`);
  };
  const tell = (ticketId: number) => {
    for (const stream of watchersOf(ticketPath(ticketId))) tellStream(stream, ticketId);
    const ticket = tickets.get(ticketId);
    if (ticket && ticket.entries.size === 0) tickets.delete(ticketId);
  };

  return {
    /** A presence as the transport brings it (from this process or another). */
    heard(presence: Presence) {
      const stream = streamById(presence.stream);
      if (stream && stream.viewer.contactId === presence.contactId) {
        let mine = own.get(stream.id);
        if (presence.activity === null) mine?.delete(presence.ticketId);
        else {
          if (!mine) own.set(stream.id, (mine = new Map()));
          mine.set(presence.ticketId, presence);
        }
      }
      let ticket = tickets.get(presence.ticketId);
      if (!ticket) tickets.set(presence.ticketId, (ticket = { companyId: presence.companyId, entries: new Map() }));
      const slot = slotOf(presence);
      const before = ticket.entries.get(slot)?.entry.activity ?? null;
      if (presence.activity === null) ticket.entries.delete(slot);
      else {
        const { contactId, name, groupId, activity } = presence;
        ticket.entries.set(slot, { entry: { contactId, name, groupId, activity }, until: now() + PRESENCE_TTL_MS });
      }
      if (before !== presence.activity) tell(presence.ticketId);
      else if (ticket.entries.size === 0) tickets.delete(presence.ticketId);
    },
    /** A stream of this process started to show `paths`: it hears who is on those tickets at once. */
    watched(stream: PresenceStream, paths: Iterable<string>) {
      for (const path of paths) {
        const match = TICKET_PATH.exec(path);
        if (match) tellStream(stream, Number(match[1]));
      }
    },
    /** A stream of this process closed: its tab left every ticket. */
    closed(streamId: string) {
      const mine = own.get(streamId);
      own.delete(streamId);
      if (mine && mine.size > 0) publish([...mine.values()].map((presence) => ({ ...presence, activity: null })));
    },
    /**
     * Every PRESENCE_REFRESH_MS: this process's streams say their presences again (or leave a ticket their viewer
     * may no longer read), and what nobody said again in PRESENCE_TTL_MS is forgotten.
     */
    tick() {
      const again: Presence[] = [];
      for (const [streamId, mine] of own) {
        const stream = streamById(streamId);
        for (const presence of mine.values()) {
          const allowed = stream !== undefined && canViewTicket(stream.viewer, { company_id: presence.companyId });
          again.push(allowed ? presence : { ...presence, activity: null });
        }
        if (!stream) own.delete(streamId);
      }
      if (again.length > 0) publish(again);
      const at = now();
      for (const [ticketId, ticket] of tickets) {
        let gone = false;
        for (const [slot, held] of ticket.entries) {
          if (held.until >= at) continue;
          ticket.entries.delete(slot);
          gone = true;
        }
        if (gone) tell(ticketId);
      }
    },
    /** Tickets someone is on, as this process knows them (for the tests and the metrics). */
    get tickets(): number {
      return tickets.size;
    },
  };
}

export type PresenceBoard = ReturnType<typeof presenceBoard>;
