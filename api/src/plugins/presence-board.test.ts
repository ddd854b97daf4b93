import { GROUP_ADMIN, GROUP_CLIENT, PRESENCE_TTL_MS, type Viewer } from '@portal/domain';
import { presenceBoard, type Presence, type PresenceStream } from './presence-board';

// The board every process holds (docs/product/tickets.md#who-is-on-the-ticket), with a clock of its own: what it
// says again for its own streams, and what it forgets when nobody says it again.

const ACME = 4;
const TICKET = 12;
const admin: Viewer = { contactId: 1, groupId: GROUP_ADMIN, companyIds: [], primaryCompanyIds: [] };
const client: Viewer = { contactId: 7, groupId: GROUP_CLIENT, companyIds: [ACME], primaryCompanyIds: [] };

function streamOf(id: string, viewer: Viewer) {
  const frames: { ticketId: number; people: unknown[] }[] = [];
  const stream: PresenceStream & { viewer: Viewer; frames: typeof frames } = {
    id,
    viewer,
    frames,
    write: (chunk) => frames.push(JSON.parse(/data: (.*)\n/.exec(chunk)![1]!) as (typeof frames)[number]),
  };
  return stream;
}

function world() {
  let now = 1_000_000;
  const streams = new Map<string, ReturnType<typeof streamOf>>();
  const published: Presence[] = [];
  const board = presenceBoard({
    now: () => now,
    streamById: (id) => streams.get(id),
    watchersOf: (path) => (path === `/ticket/${TICKET}` ? [...streams.values()] : []),
    publish: (presences) => published.push(...presences),
  });
  return { board, streams, published, pass: (ms: number) => (now += ms) };
}

const presence = (stream: string, viewer: Viewer, activity: Presence['activity'], name = 'Someone'): Presence => ({
  kind: 'presence', stream, contactId: viewer.contactId, ticketId: TICKET, companyId: ACME, name, groupId: viewer.groupId, activity,
});

test("a presence another process said and nobody says again is forgotten after PRESENCE_TTL_MS; one said again is kept", () => {
  const { board, streams, pass } = world();
  const watcher = streamOf('A'.repeat(22), admin);
  streams.set(watcher.id, watcher);
  board.heard(presence('B'.repeat(22), client, 'viewing', 'Casey Client'));
  expect(watcher.frames).toEqual([{ ticketId: TICKET, people: [{ contactId: 7, name: 'Casey Client', activity: 'viewing' }] }]);

  pass(PRESENCE_TTL_MS - 1000);
  board.tick();
  board.heard(presence('B'.repeat(22), client, 'viewing', 'Casey Client'));
  pass(2000);
  board.tick();
  expect(watcher.frames).toHaveLength(1);

  pass(PRESENCE_TTL_MS);
  board.tick();
  expect(watcher.frames.at(-1)).toEqual({ ticketId: TICKET, people: [] });
  expect(board.tickets).toBe(0);
});

test('its own streams say their presence again, leave when closed, and leave a ticket their viewer may no longer read', () => {
  const { board, streams, published } = world();
  const tab = streamOf('C'.repeat(22), { ...client });
  streams.set(tab.id, tab);
  board.heard(presence(tab.id, client, 'replying'));
  board.tick();
  expect(published).toEqual([presence(tab.id, client, 'replying')]);

  // Unlinked from the company: the next round says it left.
  tab.viewer = { ...client, companyIds: [] };
  board.tick();
  expect(published.at(-1)).toEqual(presence(tab.id, client, null));

  board.heard(presence(tab.id, client, 'viewing'));
  board.closed(tab.id);
  expect(published.at(-1)).toEqual(presence(tab.id, client, null));
  board.closed(tab.id);
  expect(published).toHaveLength(3);
});

test('a stream that starts to show the ticket hears at once who is on it; a client of another company hears nothing', () => {
  const { board, streams } = world();
  board.heard(presence('D'.repeat(22), admin, 'replying', 'Ada Admin'));
  const late = streamOf('E'.repeat(22), client);
  const stranger = streamOf('F'.repeat(22), { contactId: 9, groupId: GROUP_CLIENT, companyIds: [99], primaryCompanyIds: [] });
  streams.set(late.id, late);
  streams.set(stranger.id, stranger);
  board.watched(late, [`/ticket/${TICKET}`, '/ticket/12/activity']);
  board.watched(stranger, [`/ticket/${TICKET}`]);
  expect(late.frames).toEqual([{ ticketId: TICKET, people: [{ contactId: null, name: null, activity: 'replying' }] }]);
  expect(stranger.frames).toEqual([]);
});
