import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact, TicketDetail } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import {
  aClient, anActivity, anAdmin, anAgent, apiPath, aTask, aTicketDetail, createMockApi, errorAnswer, http, type MockApi, type PortalData,
  type RenderWithPortalOptions,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

const PAGE = '/clients/4/tickets/12';
const [admin, agent, client] = [anAdmin(), anAgent(), aClient()];

/** Ticket #12 with one task, a note by Alan Agent and one by the support team. */
function ticketPortal({ ticket = aTicketDetail(), ai = false }: { ticket?: TicketDetail; ai?: boolean } = {}): Partial<PortalData> {
  return {
    tickets: [ticket],
    tasks: [aTask()],
    activity: [anActivity(), anActivity({ activity_id: 2, contact_id: null, contact_name: null, note: 'Ticket imported.' })],
    ai: { connected: ai, tasks: ['Check the mail log', 'Fix SMTP'] },
  };
}

function open(
  as: Contact,
  api: MockApi | Partial<PortalData> = ticketPortal(),
  { history = [PAGE], handlers }: Pick<RenderWithPortalOptions, 'history' | 'handlers'> = {},
) {
  return renderRemote(<RemoteRoutes />, { viewer: as, api, history, handlers });
}

async function loaded() {
  return screen.findByRole('heading', { name: '#12 Fix the contact form' });
}

beforeEach(() => sessionStorage.clear());

describe('ticket detail screen, by role', () => {
  it('shows an agent the ticket with badges, markdown, tasks, activity, dropdowns and the time form, but no value', async () => {
    open(agent, ticketPortal({ ticket: aTicketDetail({ value: 250 }) }));
    expect(screen.getByText(MESSAGES.loadingTicket)).toBeInTheDocument();
    await loaded();

    expect(screen.queryByText(MESSAGES.loadingTicket)).toBeNull();
    expect(screen.getByTestId('type-badge')).toHaveTextContent('Incident/Bug');
    expect(screen.getByTestId('priority-badge')).toHaveTextContent('Urgent');
    expect(screen.getByTestId('status-badge')).toHaveTextContent('In Progress');
    expect((await screen.findByText('form')).tagName).toBe('STRONG');
    expect(await screen.findByText('Reproduce the bug')).toBeInTheDocument();
    expect(await screen.findByText('support team')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('3');
    expect(await screen.findByRole('option', { name: 'Alan Agent' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Assigned Agent' })).toHaveValue('8');
    expect(screen.getByRole('button', { name: 'Log Time' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Task' })).toBeInTheDocument();
    expect(screen.queryByText('Current Ticket Value')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete activity' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(document.querySelector('[data-remote="tickets"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('shows an admin the current value and lets it delete activity after a confirmation', async () => {
    const view = open(admin, ticketPortal({ ticket: aTicketDetail({ value: 250 }) }));
    await loaded();

    expect(screen.getByText('Current Ticket Value')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-value')).toHaveTextContent('$250');
    const note = await screen.findByRole('listitem', { name: 'Note by Alan Agent' });
    fireEvent.click(await within(note).findByRole('button', { name: 'Delete activity' }));
    const dialog = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));

    await waitFor(() => expect(view.writes()).toEqual([expect.objectContaining({ method: 'DELETE', url: '/api/activity/1' })]));
  });

  it('shows a client the estimate with Accept and Reject, the value, and no time form or dropdowns', async () => {
    const view = open(client, ticketPortal({ ticket: aTicketDetail({ value: 250 }) }));
    await loaded();

    expect(screen.getByTestId('estimate-value')).toHaveTextContent('02:30');
    expect(screen.getByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-value')).toHaveTextContent('$250');
    expect(screen.queryByRole('button', { name: 'Log Time' })).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('readonly-status')).toHaveTextContent('In Progress');
    expect(screen.getByTestId('readonly-assigned-agent')).toHaveTextContent('Alan Agent');
    expect(screen.queryByRole('button', { name: 'Set Estimate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Task' })).toBeNull();
    expect(await screen.findByRole('checkbox', { name: 'Reproduce the bug' })).toBeDisabled();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })));

    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { estimate_approved: 1 } }]);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});

describe('status buttons', () => {
  it('cancels after the warning that time already logged is still charged, then goes back one step', async () => {
    const view = open(agent, ticketPortal(), { history: ['/previous', PAGE] });
    await loaded();

    fireEvent.click(screen.getByRole('button', { name: 'Cancel Ticket' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Cancel this ticket? The client is still charged for time already logged.');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ticket' })));

    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 6 } }]);
    expect(await screen.findByTestId('where')).toHaveTextContent('/previous');
  });

  it('sends nothing when the confirmation is dismissed', async () => {
    const view = open(agent);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Ticket' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(view.writes()).toEqual([]);
  });

  it('lets a client cancel its own ticket behind a warning that speaks to the client', async () => {
    const view = open(client, ticketPortal({ ticket: aTicketDetail({ status_id: 2 }) }));
    await loaded();

    fireEvent.click(within(screen.getByRole('group', { name: 'Status actions' })).getByRole('button', { name: 'Cancel Ticket' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmCancelOwnTicket);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel Ticket' })));

    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 6 } }]);
  });

  it('gives a client the Testing buttons; Mark Complete with no history lands on the dashboard', async () => {
    const view = open(client, ticketPortal({ ticket: aTicketDetail({ status_id: 4 }) }));
    await loaded();

    const actions = within(screen.getByRole('group', { name: 'Status actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Needs More Work', 'Ready To Launch', 'Mark Complete', 'Cancel Ticket']);
    fireEvent.click(actions.getByRole('button', { name: 'Mark Complete' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmMarkComplete);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark Complete' })));

    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 5 } }]);
    expect(await screen.findByTestId('where')).toHaveTextContent(/^\/clients$/);
  });

  it('offers staff Reopen Ticket on a complete ticket, and stays on it (status 1)', async () => {
    const view = open(admin, ticketPortal({ ticket: aTicketDetail({ status_id: 5 }) }));
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen Ticket' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Reopen Ticket' })));
    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { status_id: 1 } }]);
    expect(await screen.findByTestId('status-badge')).toHaveTextContent('Backlog');
  });

  it('shows a refused change in a danger alert', async () => {
    open(agent, ticketPortal(), { handlers: [http.put('*', () => errorAnswer(403, MESSAGES.notAuthorized))] });
    await loaded();
    fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: '4' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
  });
});

describe('editing the title and description', () => {
  const description = () => screen.getByRole('region', { name: 'Description' });

  it('lets an agent change both in place; Save sends them and shows the saved text', async () => {
    sessionStorage.clear();
    const view = open(agent);
    await loaded();
    fireEvent.click(within(description()).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Fix the contact form on mobile' } });
    fireEvent.change(within(description()).getByRole('textbox', { name: 'Description' }), { target: { value: 'Only **Safari** fails.' } });
    await act(async () => fireEvent.click(within(description()).getByRole('button', { name: 'Save' })));

    expect(view.writes()).toEqual([
      { method: 'PUT', url: '/api/ticket/12', body: { title: 'Fix the contact form on mobile', description: 'Only **Safari** fails.' } },
    ]);
    expect(await screen.findByRole('heading', { name: '#12 Fix the contact form on mobile' })).toBeInTheDocument();
    expect(within(description()).queryByRole('textbox', { name: 'Title' })).toBeNull();
  });

  it('keeps what was typed, and the message, when the save fails; a reload finds the edit still open', async () => {
    sessionStorage.clear();
    const first = open(agent, ticketPortal(), { handlers: [http.put('*', () => errorAnswer(403, MESSAGES.notAuthorized))] });
    await loaded();
    fireEvent.click(within(description()).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: 'Half typed' } });
    await act(async () => fireEvent.click(within(description()).getByRole('button', { name: 'Save' })));
    expect(await within(description()).findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Half typed');

    first.unmount();
    open(agent);
    await loaded();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Half typed');
    sessionStorage.clear();
  });

  it('offers the requesting client Edit while the ticket is in Backlog, and not after', async () => {
    sessionStorage.clear();
    const backlog = open(client, ticketPortal({ ticket: aTicketDetail({ status_id: 1, assignee_id: null, assignee_name: null }) }));
    await loaded();
    expect(within(description()).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    backlog.unmount();

    open(client);
    await loaded();
    expect(within(description()).queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('side panel dropdowns and tasks (staff)', () => {
  it('changes the assignee, status and on-hold flag', async () => {
    const view = open(agent);
    await loaded();
    await screen.findByRole('option', { name: 'Ada Admin' });
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Assigned Agent' }), { target: { value: '' } }));
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: '7' } }));
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'On Hold' })));

    expect(view.writes().map((c) => c.body)).toEqual([{ assignee_id: null }, { status_id: 7 }, { on_hold: 1 }]);
  });

  it('disables Generate tasks with the reason while the AI service is not connected', async () => {
    open(agent, ticketPortal({ ai: false }));
    await loaded();
    expect(screen.getByRole('button', { name: 'Generate tasks' })).toBeDisabled();
    expect(screen.getByText(MESSAGES.serviceNotConnected)).toBeInTheDocument();
  });

  it('adds the AI task list when the service is connected', async () => {
    const view = open(agent, ticketPortal({ ai: true }));
    await loaded();
    const generate = screen.getByRole('button', { name: 'Generate tasks' });
    await waitFor(() => expect(generate).toBeEnabled());
    await act(async () => fireEvent.click(generate));
    await waitFor(() =>
      expect(view.writes().map((c) => c.body)).toEqual([
        { title: 'Fix the contact form', description: 'The **form** does not send.' },
        { ticket_id: 12, instruction: 'Check the mail log' },
        { ticket_id: 12, instruction: 'Fix SMTP' },
      ]),
    );
  });

  it('ticks a task off, rewords and deletes it', async () => {
    const view = open(agent);
    await loaded();
    await act(async () => fireEvent.click(await screen.findByRole('checkbox', { name: 'Reproduce the bug' })));
    fireEvent.click(screen.getByRole('button', { name: 'Edit task Reproduce the bug' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Task instruction' }), { target: { value: 'Reproduce it on staging' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Delete task Reproduce it on staging' })));

    const writes = view.writes();
    expect(writes.map((c) => `${c.method} ${c.url}`)).toEqual(['PUT /api/ticket/12/tasks/1', 'PUT /api/ticket/12/tasks/1', 'DELETE /api/ticket/12/tasks/1']);
    expect(writes[0]?.body).toEqual({ date_completed: expect.stringMatching(/T/) });
    expect(writes[1]?.body).toEqual({ instruction: 'Reproduce it on staging' });
  });
});

describe('estimate and due date (staff)', () => {
  it('clamps a negative estimate to 0 and keeps the typed values when the save fails', async () => {
    let fail = true;
    const failing = http.put(apiPath('/ticket/:id'), () => (fail ? errorAnswer(500, 'Ticket not found.') : undefined));
    const view = open(agent, ticketPortal(), { handlers: [failing] });
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Set Estimate' }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Hours' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '12' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Estimate' })));

    expect(await screen.findByRole('alert')).toHaveTextContent('Ticket not found.');
    expect(screen.getByRole('spinbutton', { name: 'Hours' })).toHaveValue(3);
    expect(screen.getByRole('spinbutton', { name: 'Minutes' })).toHaveValue(12);
    expect(view.writes().at(-1)?.body).toEqual({ estimated_time: 32 });

    fail = false;
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Hours' }), { target: { value: '-2' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Minutes' }), { target: { value: '0' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Estimate' })));
    expect(view.writes().at(-1)?.body).toEqual({ estimated_time: 0 });
  });

  it('clears the due date to null', async () => {
    const view = open(agent);
    await loaded();
    fireEvent.click(within(screen.getByRole('group', { name: 'Due date' })).getByRole('button', { name: 'Change' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear' })));
    expect(view.writes()).toEqual([{ method: 'PUT', url: '/api/ticket/12', body: { date_due: null } }]);
    expect(await screen.findByText('No due date')).toBeInTheDocument();
  });
});

describe('time form', () => {
  it('shows the red alert above the form and sends nothing without a description or time', async () => {
    const view = open(agent);
    await loaded();
    fireEvent.click(screen.getByRole('button', { name: 'Log Time' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save Time' })));

    const form = screen.getByRole('form', { name: 'Log time' });
    expect(within(form).getByRole('alert')).toHaveTextContent(MESSAGES.invalidTimeEntry);
    expect(view.writes()).toEqual([]);
  });

  it('offers hours 0-12 and minutes 0-54 in steps of 6, logs units and updates the total', async () => {
    const view = open(agent);
    await loaded();
    expect(await screen.findByTestId('total-time')).toHaveTextContent('00:30');
    fireEvent.click(screen.getByRole('button', { name: 'Log Time' }));
    const form = within(screen.getByRole('form', { name: 'Log time' }));
    const hours = form.getByRole('combobox', { name: 'Hours' }) as HTMLSelectElement;
    const minutes = form.getByRole('combobox', { name: 'Minutes' }) as HTMLSelectElement;
    expect([...hours.options].map((o) => o.value)).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
    expect([...minutes.options].map((o) => o.value)).toEqual(['0', '6', '12', '18', '24', '30', '36', '42', '48', '54']);

    fireEvent.change(hours, { target: { value: '1' } });
    fireEvent.change(minutes, { target: { value: '30' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Fixed the mailer' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));

    expect(view.writes()).toEqual([{ method: 'POST', url: '/api/time', body: { ticket_id: 12, contact_id: 8, time: 15, description: 'Fixed the mailer' } }]);
    await waitFor(() => expect(screen.getByTestId('total-time')).toHaveTextContent('02:00'));
    expect(screen.queryByRole('form', { name: 'Log time' })).toBeNull();
  });
});

describe('notes and reloading', () => {
  afterEach(() => jest.useRealTimers());

  it('does not send an empty note, keeps a half-typed one across a remount and clears it once sent', async () => {
    const api = createMockApi(ticketPortal());
    const first = open(client, api);
    await loaded();
    const addNote = screen.getByRole('button', { name: 'Add Note' });
    expect(addNote).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: '   ' } });
    expect(addNote).toBeDisabled();
    fireEvent.change(screen.getByRole('textbox', { name: 'New note' }), { target: { value: 'Half a thought' } });
    first.unmount();

    open(client, api);
    await loaded();
    expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue('Half a thought');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add Note' })));

    expect(first.writes()).toEqual([{ method: 'POST', url: '/api/activity', body: { ticket_id: 12, note: 'Half a thought' } }]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New note' })).toHaveValue(''));
    expect(sessionStorage.length).toBe(0);
  });

  it("puts the panel with the status buttons and the estimate's Accept and Reject right after the title, before the description and the feed", async () => {
    open(client);
    const title = await loaded();
    const panel = screen.getByRole('complementary', { name: 'Ticket details' });
    const accept = within(panel).getByRole('button', { name: 'Accept' });
    expect(within(panel).getByRole('group', { name: 'Status actions' })).toBeInTheDocument();
    const description = await screen.findByText('form');
    const note = await screen.findByRole('listitem', { name: 'Note by Alan Agent' });
    // The page's order is the phone's (one column): title, panel, description, feed.
    const follows = (first: Node, second: Node) => (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    expect(follows(title, panel)).toBe(true);
    expect(follows(accept, description)).toBe(true);
    expect(follows(accept, note)).toBe(true);
  });

  it('reloads the ticket every 5 seconds, but not while the time form is open', async () => {
    jest.useFakeTimers();
    const view = open(agent);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(50);
    });
    const ticketLoads = () => view.requests().filter((c) => c.method === 'GET' && c.url === '/api/ticket/12').length;
    const start = ticketLoads();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_100);
    });
    expect(ticketLoads()).toBe(start + 1);

    fireEvent.click(screen.getByRole('button', { name: 'Log Time' }));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(11_000);
    });
    expect(ticketLoads()).toBe(start + 1);
    const tasksLoads = view.requests().filter((c) => c.url === '/api/ticket/12/tasks').length;
    expect(tasksLoads).toBeGreaterThan(10);
  });
});
