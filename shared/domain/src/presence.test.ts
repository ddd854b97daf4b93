import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { newestNoteId, presenceLines, presenceSeenBy, repliedWarning, repliesToSeeFirst, timeAgo, type PresenceEntry } from './presence';

const alex: PresenceEntry = { contactId: 2, name: 'Alex Agent', groupId: 3, activity: 'viewing' };
const ada: PresenceEntry = { contactId: 1, name: 'Ada Admin', groupId: GROUP_ADMIN, activity: 'viewing' };
const casey: PresenceEntry = { contactId: 7, name: 'Casey Client', groupId: GROUP_CLIENT, activity: 'viewing' };
const agentViewer = { contactId: 2, groupId: 3 };
const clientViewer = { contactId: 8, groupId: GROUP_CLIENT };

describe('who is on the ticket', () => {
  it('shows staff everyone else, each once with what their busiest tab does, never themselves', () => {
    const entries = [alex, { ...alex, activity: 'replying' as const }, casey, { ...ada, activity: 'noting' as const }, ada];
    expect(presenceSeenBy(agentViewer, entries)).toEqual([
      { contactId: 1, name: 'Ada Admin', activity: 'noting' },
      { contactId: 7, name: 'Casey Client', activity: 'viewing' },
    ]);
  });

  it('shows a client only that an agent is typing a reply: no names, no readers, never an internal note', () => {
    expect(presenceSeenBy(clientViewer, [alex, casey, ada])).toEqual([]);
    expect(presenceSeenBy(clientViewer, [{ ...ada, activity: 'noting' }])).toEqual([]);
    expect(presenceSeenBy(clientViewer, [{ ...casey, activity: 'replying' }])).toEqual([]);
    expect(presenceSeenBy(clientViewer, [{ ...alex, activity: 'replying' }, { ...ada, activity: 'replying' }]))
      .toEqual([{ contactId: null, name: null, activity: 'replying' }]);
  });

  it('words the line: each typist, then the readers together', () => {
    expect(presenceLines([{ contactId: 7, name: 'Casey Client', activity: 'viewing' }])).toEqual(['Casey Client is viewing']);
    expect(presenceLines([
      { contactId: 2, name: 'Alex Agent', activity: 'replying' },
      { contactId: 1, name: 'Ada Admin', activity: 'noting' },
      { contactId: 7, name: 'Casey Client', activity: 'viewing' },
      { contactId: 9, name: 'Dana Dev', activity: 'viewing' },
    ])).toEqual(['Alex Agent is typing a reply…', 'Ada Admin is writing an internal note…', 'Casey Client and Dana Dev are viewing']);
    const four = ['A', 'B', 'C', 'D'].map((name, index) => ({ contactId: index, name, activity: 'viewing' as const }));
    expect(presenceLines(four)).toEqual(['A, B and 2 others are viewing']);
    expect(presenceLines(four.slice(0, 3))).toEqual(['A, B and C are viewing']);
    expect(presenceLines([{ contactId: null, name: null, activity: 'replying' }])).toEqual(['An agent is typing a reply…']);
    expect(presenceLines([])).toEqual([]);
  });
});

describe('a reply that came while the editor was open', () => {
  const note = (id: number, extra: Partial<Parameters<typeof repliesToSeeFirst>[0][number]> = {}) => ({
    activity_id: id, contact_id: 7, contact_name: 'Casey Client', date_created: '2026-06-01T10:00:00.000Z', internal: false, source: null, ...extra,
  });

  it('counts public notes by someone else written after the newest one there when the editor opened', () => {
    const items = [note(5), note(4, { internal: true }), note(3, { source: 'status' }), note(2, { contact_id: 2 }), note(1)];
    expect(repliesToSeeFirst(items, newestNoteId([note(1)]), 2).map((item) => item.activity_id)).toEqual([5]);
    expect(repliesToSeeFirst(items, 5, 2)).toEqual([]);
    // Older notes loaded after it opened were there before: they do not count.
    expect(repliesToSeeFirst([note(9), note(1)], 9, 2)).toEqual([]);
    expect(newestNoteId([])).toBe(0);
  });

  it('says who replied and how long ago, in seconds, minutes or hours', () => {
    const now = new Date('2026-06-01T10:00:20.400Z');
    expect(repliedWarning(note(5), now)).toBe('Casey replied 20 s ago: view it first');
    expect(repliedWarning(note(5, { contact_name: null }), now)).toBe('The support team replied 20 s ago: view it first');
    expect(timeAgo(0)).toBe('1 s ago');
    expect(timeAgo(59_999)).toBe('59 s ago');
    expect(timeAgo(60_000)).toBe('1 min ago');
    expect(timeAgo(3_599_999)).toBe('59 min ago');
    expect(timeAgo(7_200_000)).toBe('2 h ago');
  });
});
