import { GROUP_ADMIN, GROUP_CLIENT } from './groups';
import { staleKeysFor } from './live-events';
import { STATUS } from './lookups';
import {
  canSeeInternalNotes, canSeeNote, canWriteInternalNote, defaultNoteVisibility, isClientWaiting, visibleNotes,
} from './note-visibility';

const admin = { groupId: GROUP_ADMIN };
const agent = { groupId: 3 };
const client = { groupId: GROUP_CLIENT };

describe('note visibility', () => {
  it('lets staff, and only staff, write and read internal notes', () => {
    expect([admin, agent, client].map(canWriteInternalNote)).toEqual([true, true, false]);
    expect([admin, agent, client].map(canSeeInternalNotes)).toEqual([true, true, false]);
  });

  it('shows a public note to everyone and an internal one (row or answer) to staff only', () => {
    expect(canSeeNote(client, { internal: false })).toBe(true);
    expect(canSeeNote(client, { internal: 0 })).toBe(true);
    expect(canSeeNote(client, { internal: true })).toBe(false);
    expect(canSeeNote(client, { internal: 1 })).toBe(false);
    expect(canSeeNote(agent, { internal: 1 })).toBe(true);
  });

  it('keeps the order of the notes a reader may see', () => {
    const notes = [{ id: 3, internal: false }, { id: 2, internal: true }, { id: 1, internal: false }];
    expect(visibleNotes(client, notes).map((note) => note.id)).toEqual([3, 1]);
    expect(visibleNotes(admin, notes).map((note) => note.id)).toEqual([3, 2, 1]);
  });

  it('starts the editor on a reply while a client waits on the support team, else on an internal note', () => {
    for (const status of [STATUS.backlog, STATUS.assigned, STATUS.inProgress, STATUS.readyToLaunch]) {
      expect(isClientWaiting({ status_id: status })).toBe(true);
      expect(defaultNoteVisibility({ status_id: status })).toBe('public');
    }
    for (const status of [STATUS.needMoreInfo, STATUS.testing, STATUS.complete, STATUS.cancelled]) {
      expect(isClientWaiting({ status_id: status })).toBe(false);
      expect(defaultNoteVisibility({ status_id: status })).toBe('internal');
    }
  });

  it("tells a client's live stream nothing of an internal note or its files, and staff all of it", () => {
    const clientOfAcme = { contactId: 9, groupId: GROUP_CLIENT, companyIds: [4], primaryCompanyIds: [] };
    const agentViewer = { contactId: 8, groupId: 3, companyIds: [], primaryCompanyIds: [] };
    const internalNote = { kind: 'activity', ticketId: 12, companyId: 4, internal: true } as const;
    const internalFiles = { kind: 'attachments', ticketId: 12, companyId: 4, internal: true } as const;
    expect(staleKeysFor(internalNote, clientOfAcme)).toEqual([]);
    expect(staleKeysFor(internalFiles, clientOfAcme)).toEqual([]);
    expect(staleKeysFor({ kind: 'activity', ticketId: 12, companyId: 4 }, clientOfAcme)).toEqual(['/ticket/12/activity']);
    expect(staleKeysFor(internalNote, agentViewer)).toEqual(['/ticket/12/activity']);
    expect(staleKeysFor(internalFiles, agentViewer)).toEqual(['/ticket/12/attachments']);
  });
});
