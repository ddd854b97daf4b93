import { MESSAGES } from '@portal/domain';
import { aClient, anActivity, anAgent, anAttachment } from '../index';
import { createMockApi } from './create-mock-api';
import { server } from './server';

// The mock API keeps internal notes as the API does (docs/product/tickets.md#internal-notes): a client's feed,
// files and search leave them out, and a client asking for one is refused.

const seed = {
  activity: [anActivity({ activity_id: 2, note: 'Margins are thin', internal: true }), anActivity({ activity_id: 1, note: 'Fixed it' })],
  attachments: [anAttachment({ attachment_id: 3, internal: true }), anAttachment({ attachment_id: 4 })],
};
const get = async (path: string) => (await fetch(`http://localhost/api${path}`)).json() as Promise<unknown>;
const post = (path: string, body: unknown) =>
  fetch(`http://localhost/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('internal notes in the mock API', () => {
  it('are left out for a client, who may not write one', async () => {
    server.use(...createMockApi({ ...seed, session: aClient() }).handlers);
    expect(((await get('/ticket/12/activity')) as { activity_id: number }[]).map((note) => note.activity_id)).toEqual([1]);
    expect(((await get('/ticket/12/attachments')) as { attachment_id: number }[]).map((file) => file.attachment_id)).toEqual([4]);
    expect(await get('/search?q=margins')).toMatchObject({ notes: { total: 0 } });
    const refused = await post('/activity', { ticket_id: 12, note: 'Psst', internal: true });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: MESSAGES.internalNoteStaffOnly });
  });

  it('are read and written by staff, the answer echoing internal', async () => {
    server.use(...createMockApi({ ...seed, session: anAgent() }).handlers);
    expect(((await get('/ticket/12/activity')) as { internal: boolean }[]).map((note) => note.internal)).toEqual([true, false]);
    const created = await post('/activity', { ticket_id: 12, note: 'Between us', internal: true });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ note: 'Between us', internal: true });
    expect(await (await post('/activity', { ticket_id: 12, note: 'To the client' })).json()).toMatchObject({ internal: false });
  });
});
