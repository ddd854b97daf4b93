import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, anAgent, aTicketDetail, aTicketSummary, createMockApi, type MockApi } from '@portal/testing';
import { renderRemote } from '../../../test-support/render-remote';
import { RemoteRoutes } from '../../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../../test-support/markdown-editor-double')>('../../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

const PAGE = '/clients/4/tickets/12';
const agent = anAgent();
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function portal(): MockApi {
  return createMockApi({ tickets: [aTicketDetail(), aTicketSummary({ ticket_id: 30, company_id: 4, title: 'Renew the certificate' })] });
}

async function page(api: MockApi, as = agent) {
  renderRemote(<RemoteRoutes />, { viewer: as, api, history: [PAGE] });
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
}

beforeEach(() => sessionStorage.clear());

describe('the ticket page timer button', () => {
  it('starts the timer here, then offers to stop it, logging the rounded time with a description', async () => {
    const api = portal();
    await page(api);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Start timer' })));
    expect(api.db.timers[agent.contact_id]).toMatchObject({ ticket_id: 12, paused_at: null });
    api.db.timers[agent.contact_id]!.started_at = minutesAgo(7);

    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Stop timer' })));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the timer on Fix the contact form' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: MESSAGES.timerDescriptionLabel }), { target: { value: 'Patched the form' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(api.db.timers[agent.contact_id]).toBeUndefined());
    expect(api.db.timeEntries).toEqual([expect.objectContaining({ ticket_id: 12, time: 2, description: 'Patched the form' })]);
    expect(await screen.findByRole('button', { name: 'Start timer' })).toBeInTheDocument();
  });

  it('asks before stopping the timer that runs on another ticket, and logs that one with the description', async () => {
    const api = portal();
    api.db.timers[agent.contact_id] = { ticket_id: 30, started_at: minutesAgo(1), accumulated_seconds: 0, paused_at: null, date_created: minutesAgo(1) };
    await page(api);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Start timer' })));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the timer on Renew the certificate and start here?' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: MESSAGES.timerDescriptionLabel }), { target: { value: 'Renewed it' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(api.db.timers[agent.contact_id]?.ticket_id).toBe(12));
    expect(api.db.timeEntries).toEqual([expect.objectContaining({ ticket_id: 30, time: 1, description: 'Renewed it' })]);
  });

  it('resumes a timer paused on this ticket', async () => {
    const api = portal();
    api.db.timers[agent.contact_id] = { ticket_id: 12, started_at: minutesAgo(700), accumulated_seconds: 36_000, paused_at: minutesAgo(100), date_created: minutesAgo(700) };
    await page(api);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Resume timer' })));
    await waitFor(() => expect(api.db.timers[agent.contact_id]?.paused_at).toBeNull());
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Resume timer' })).toBeNull());
  });

  it('is not offered to a client', async () => {
    await page(portal(), aClient());
    expect(screen.queryByRole('button', { name: 'Start timer' })).toBeNull();
  });
});
