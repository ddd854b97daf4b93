import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Contact } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import { anAdmin, anAgent, apiPath, aTicketDetail, aTimeEntry, errorAnswer, http, type PortalData, type RenderWithPortalOptions } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// The ticket's time list (docs/product/time-and-billing.md#correcting-time): the worker or an admin
// edits and deletes an open entry, logs a correction of a frozen one; the total follows.

const PAGE = '/clients/4/tickets/12';
const [agent, admin] = [anAgent(), anAdmin()];

function timePortal(): Partial<PortalData> {
  return {
    tickets: [aTicketDetail({ total_time: 21 })],
    timeEntries: [
      aTimeEntry({ time_id: 1, contact_id: 8, contact_name: 'Alan Agent', time: 5, description: 'Looked into it', date: '2026-11-19T11:00:00.000Z' }),
      aTimeEntry({ time_id: 2, contact_id: 9, contact_name: 'Sam Support', time: 6, description: "Sam's review", date: '2026-11-18T11:00:00.000Z' }),
      aTimeEntry({ time_id: 3, contact_id: 8, contact_name: 'Alan Agent', time: 10, description: 'October work', date: '2026-10-14T15:00:00.000Z', invoice: 'INV-202610-0004' }),
    ],
  };
}

const open = (as: Contact, handlers?: RenderWithPortalOptions['handlers']) =>
  renderRemote(<RemoteRoutes />, { viewer: as, api: timePortal(), history: [PAGE], handlers });

const entryRow = (text: string) => screen.getAllByRole('listitem').find((item) => item.textContent?.includes(text)) as HTMLElement;

async function listed() {
  await screen.findByRole('heading', { name: '#12 Fix the contact form' });
  return screen.findByRole('list', { name: 'Time entries' });
}

describe('the ticket time list', () => {
  it('offers Edit and Delete only on the agent\'s own open entry, and a correction on its invoiced one', async () => {
    open(agent);
    await listed();
    const own = entryRow('Looked into it');
    expect(within(own).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
    expect(within(entryRow("Sam's review")).queryByRole('button')).toBeNull();
    const frozen = entryRow('October work');
    expect(frozen).toHaveTextContent('Invoiced INV-202610-0004');
    expect(within(frozen).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(frozen).queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(within(frozen).getByRole('button', { name: /^Log correction/ })).toBeInTheDocument();
  });

  it("lets an admin edit another agent's entry", async () => {
    open(admin);
    await listed();
    expect(within(entryRow("Sam's review")).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
  });

  it('edits units, description and date in a dialog; the entry and the total follow', async () => {
    const view = open(agent);
    await listed();
    fireEvent.click(within(entryRow('Looked into it')).getByRole('button', { name: /^Edit/ }));
    const dialog = within(await screen.findByRole('form', { name: 'Edit time entry' }));
    expect(dialog.getByRole('combobox', { name: 'Minutes' })).toHaveValue('30');
    expect(dialog.getByRole('textbox', { name: 'Work Description' })).toHaveValue('Looked into it');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Hours' }), { target: { value: '1' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Minutes' }), { target: { value: '0' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Fixed the mailer' } });
    fireEvent.change(dialog.getByLabelText('Date'), { target: { value: '2026-11-17' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Save Time' })));

    expect(view.writes()).toEqual([{
      method: 'PUT', url: '/api/time/1', body: { time: 10, description: 'Fixed the mailer', date: '2026-11-17', time_zone: expect.any(String) },
    }]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit time entry' })).toBeNull());
    expect(await screen.findByText('Fixed the mailer')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-time')).toHaveTextContent('02:36'));
  });

  it('asks before deleting; the entry leaves the list and the total', async () => {
    const view = open(agent);
    await listed();
    fireEvent.click(within(entryRow('Looked into it')).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteTimeEntry);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));

    expect(view.writes()).toEqual([{ method: 'DELETE', url: '/api/time/1' }]);
    await waitFor(() => expect(screen.queryByText('Looked into it')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('total-time')).toHaveTextContent('01:36'));
  });

  it('logs a correction of an invoiced entry, taking time off; it shows as a correction', async () => {
    const view = open(agent);
    await listed();
    fireEvent.click(within(entryRow('October work')).getByRole('button', { name: /^Log correction/ }));
    const dialog = within(await screen.findByRole('form', { name: 'Log correction' }));
    expect(dialog.getByText(/is on invoice INV-202610-0004/)).toBeInTheDocument();
    expect(dialog.getByRole('combobox', { name: 'Correction' })).toHaveValue('-1');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Minutes' }), { target: { value: '12' } });
    fireEvent.change(dialog.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Billed twice in October' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Save Correction' })));

    expect(view.writes()).toEqual([{
      method: 'POST', url: expect.stringMatching(/^\/api\/time\/3\/corrections\?time_zone=/), body: { time: -2, description: 'Billed twice in October' },
    }]);
    const correction = await waitFor(() => entryRow('Billed twice in October'));
    expect(correction).toHaveTextContent('Correction');
    expect(correction).toHaveTextContent('-00:12');
  });

  it('keeps the form filled and shows the server\'s message when the month was frozen meanwhile', async () => {
    open(agent, [http.put(apiPath('/time/1'), () => errorAnswer(409, MESSAGES.timeEntryFrozen))]);
    await listed();
    fireEvent.click(within(entryRow('Looked into it')).getByRole('button', { name: /^Edit/ }));
    const dialog = within(await screen.findByRole('form', { name: 'Edit time entry' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Half typed' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Save Time' })));

    expect(await dialog.findByRole('alert')).toHaveTextContent(MESSAGES.timeEntryFrozen);
    expect(dialog.getByRole('textbox', { name: 'Work Description' })).toHaveValue('Half typed');
  });

  it('checks the form before sending: no description, nothing sent', async () => {
    const view = open(agent);
    await listed();
    fireEvent.click(within(entryRow('Looked into it')).getByRole('button', { name: /^Edit/ }));
    const dialog = within(await screen.findByRole('form', { name: 'Edit time entry' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Work Description' }), { target: { value: '  ' } });
    await act(async () => fireEvent.click(dialog.getByRole('button', { name: 'Save Time' })));
    expect(dialog.getByRole('alert')).toHaveTextContent(MESSAGES.invalidTimeEntry);
    expect(view.writes()).toEqual([]);
  });
});
