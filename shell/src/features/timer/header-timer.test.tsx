import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aClient, anAgent, apiPath, aTicketSummary, createMockApi, errorAnswer, http, recordedRequests, server } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';

const ticket = aTicketSummary({ ticket_id: 12, company_id: 3, title: 'Fix the form' });
const startedAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

function withTimer(seconds: number) {
  const api = createMockApi({ tickets: [ticket] });
  api.db.timers[anAgent().contact_id] = { ticket_id: 12, started_at: startedAgo(seconds), accumulated_seconds: 0, paused_at: null, date_created: startedAgo(seconds) };
  return api;
}

describe('the header timer', () => {
  it('shows the ticket it runs on (a link) and its running time on every page', async () => {
    renderShell('/agents', { viewer: anAgent(), api: withTimer(65) });
    const timer = await screen.findByRole('group', { name: 'Timer' });
    expect(within(timer).getByRole('link', { name: 'Fix the form' })).toHaveAttribute('href', '/clients/3/tickets/12');
    expect(within(timer).getByRole('timer')).toHaveTextContent(/^0:01:0\d$/);
    expect(within(timer).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
  });

  it('stops with a description: the dialog shows the rounded time, keeps the text when the save fails, and logs it', async () => {
    const api = withTimer(6 * 60 + 1);
    renderShell('/agents', { viewer: anAgent(), api });
    const timer = await screen.findByRole('group', { name: 'Timer' });
    await act(async () => fireEvent.click(within(timer).getByRole('button', { name: 'Stop' })));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the timer on Fix the form' });
    expect(within(dialog).getByText(/^Logs 00:12 \(2 units/)).toBeInTheDocument();

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.invalidTimeEntry);

    const box = within(dialog).getByRole('textbox', { name: MESSAGES.timerDescriptionLabel });
    fireEvent.change(box, { target: { value: 'Fixed the contact form' } });
    server.use(http.post(apiPath('/timer/stop'), () => errorAnswer(500, 'The save failed.'), { once: true }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    expect(await within(dialog).findByText('The save failed.')).toBeInTheDocument();
    expect(box).toHaveValue('Fixed the contact form');

    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' })));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Timer' })).toBeNull());
    expect(api.db.timeEntries).toEqual([expect.objectContaining({ ticket_id: 12, time: 2, description: 'Fixed the contact form' })]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pauses and resumes from the header: a paused timer stops ticking and says so', async () => {
    const api = withTimer(65);
    renderShell('/agents', { viewer: anAgent(), api });
    const timer = await screen.findByRole('group', { name: 'Timer' });
    await act(async () => fireEvent.click(within(timer).getByRole('button', { name: 'Pause' })));
    expect(await within(timer).findByText('Paused')).toBeInTheDocument();
    expect(api.db.timers[anAgent().contact_id]?.paused_at).not.toBeNull();
    await act(async () => fireEvent.click(within(timer).getByRole('button', { name: 'Resume' })));
    await waitFor(() => expect(within(timer).queryByText('Paused')).toBeNull());
    expect(api.db.timers[anAgent().contact_id]?.paused_at).toBeNull();
  });

  it('discards from the stop dialog: the timer is gone and nothing is logged', async () => {
    const api = withTimer(600);
    renderShell('/agents', { viewer: anAgent(), api });
    const timer = await screen.findByRole('group', { name: 'Timer' });
    await act(async () => fireEvent.click(within(timer).getByRole('button', { name: 'Stop' })));
    const dialog = await screen.findByRole('dialog', { name: 'Stop the timer on Fix the form' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Discard' })));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Timer' })).toBeNull());
    expect(api.db.timers[anAgent().contact_id]).toBeUndefined();
    expect(api.db.timeEntries).toEqual([]);
  });

  it('is not there without a timer', async () => {
    renderShell('/agents', { viewer: anAgent(), api: createMockApi({ tickets: [ticket] }) });
    await waitFor(() => expect(recordedRequests().some((request) => request.url === '/api/timer')).toBe(true));
    expect(screen.queryByRole('group', { name: 'Timer' })).toBeNull();
  });

  it('asks nothing for a client', async () => {
    renderShell('/clients', { viewer: aClient(), api: createMockApi({ tickets: [ticket] }) });
    await screen.findByRole('button', { name: /^Notifications/ });
    expect(recordedRequests().some((request) => request.url === '/api/timer')).toBe(false);
  });
});
