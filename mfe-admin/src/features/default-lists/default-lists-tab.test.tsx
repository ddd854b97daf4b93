import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLiveUpdates } from '@portal/api-client';
import { anAdmin, anOption, apiPath, errorAnswer, http, renderWithPortal } from '@portal/testing';
import { RemoteRoutes } from '../../routes';
import { renderAdmin } from '../../test-support/render-admin';

const typesCard = () => screen.findByRole('region', { name: 'Ticket Types' });

describe('the defaults tab', () => {
  it('shows the six lists, the domain defaults until one is saved', async () => {
    renderAdmin('/admins/settings/defaults');
    for (const name of ['Groups', 'Client Modes', 'Client Services', 'Priorities', 'Ticket Types', 'Status Types']) {
      expect(await screen.findByRole('region', { name })).toBeInTheDocument();
    }
    const priorities = screen.getByRole('region', { name: 'Priorities' });
    expect(within(priorities).getByRole('row', { name: /Urgent/ })).toHaveTextContent('red');
    expect(within(priorities).getByLabelText('Colour')).toBeInTheDocument();
    expect(within(await typesCard()).queryByLabelText('Colour')).toBeNull();
  });

  it('adds an item (Add disabled while blank), deletes one, and saves the whole list', async () => {
    const view = renderAdmin('/admins/settings/defaults', {
      api: { options: [anOption('type-defaults', [{ id: 1, name: 'Question' }, { id: 2, name: 'Chore' }])] },
    });
    const card = await typesCard();
    await within(card).findByText('Chore');
    const add = within(card).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    fireEvent.change(within(card).getByLabelText('ID'), { target: { value: '7' } });
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: '   ' } });
    expect(add).toBeDisabled();
    fireEvent.change(within(card).getByLabelText('Name'), { target: { value: 'Audit' } });
    fireEvent.click(add);
    expect(await within(card).findByText('Audit')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Chore' }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Save' })));
    expect(await within(card).findByText('Saved.')).toBeInTheDocument();
    expect(view.writes()).toEqual([{
      method: 'POST', url: '/api/options', body: { option_name: 'type-defaults', option_value: [{ id: 1, name: 'Question' }, { id: 7, name: 'Audit' }] },
    }]);
  });

  it('disables Delete for locked ids with the reason and for used ids with how many use them', async () => {
    renderAdmin('/admins/settings/defaults', { api: { optionUsage: { 'type-defaults': { 2: 3 } } } });
    const card = await typesCard();
    expect(await within(card).findByText('Cannot delete "Content Update": 3 tickets use it.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Content Update' })).toBeDisabled();
    expect(within(card).getByRole('button', { name: 'Delete Meeting' })).toBeDisabled();
    expect(within(card).getByText('Meetings are billed at the meeting rate.')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Delete Question' })).toBeEnabled();
  });

  it("follows another admin's save pushed over the live stream, unless this admin has unsaved edits", async () => {
    const admin = anAdmin();
    function WithLiveStream() {
      useLiveUpdates(admin.contact_id);
      return <RemoteRoutes />;
    }
    const view = renderWithPortal(<WithLiveStream />, {
      route: '/admins/settings/defaults', viewer: admin,
      api: { options: [anOption('type-defaults', [{ id: 1, name: 'Question' }, { id: 2, name: 'Chore' }])] },
    });
    view.live.ready();
    const card = await typesCard();
    await within(card).findByText('Chore');
    const othersSave = (items: { id: number; name: string }[]) => {
      view.api.db.options = [...view.api.db.options.filter((o) => o.option_name !== 'type-defaults'), anOption('type-defaults', items)];
      view.live.stale(['/options/type-defaults']);
    };

    othersSave([{ id: 1, name: 'Question' }, { id: 2, name: 'Chore' }, { id: 8, name: 'Pushed' }]);
    expect(await within(card).findByText('Pushed')).toBeInTheDocument();

    // With an unsaved edit, the next push is read but does not replace the edit; Save posts the edit.
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Chore' }));
    const reads = () => view.requests().filter((r) => r.method === 'GET' && r.url.endsWith('/options/type-defaults')).length;
    const before = reads();
    othersSave([{ id: 1, name: 'Question' }, { id: 2, name: 'Chore' }, { id: 8, name: 'Pushed' }, { id: 9, name: 'Later' }]);
    await waitFor(() => expect(reads()).toBe(before + 1));
    await act(async () => undefined);
    expect(within(card).queryByText('Later')).toBeNull();
    expect(within(card).queryByText('Chore')).toBeNull();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Save' })));
    expect(await within(card).findByText('Saved.')).toBeInTheDocument();
    expect(view.writes().at(-1)?.body).toEqual({ option_name: 'type-defaults', option_value: [{ id: 1, name: 'Question' }, { id: 8, name: 'Pushed' }] });
  });

  it("shows the server's refusal and keeps the edits", async () => {
    renderAdmin('/admins/settings/defaults', {
      handlers: [http.post(apiPath('/options'), () => errorAnswer(409, 'Type 2 is used by 3 tickets.'))],
    });
    const card = await typesCard();
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Question' }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Save' })));
    expect(await within(card).findByText('Type 2 is used by 3 tickets.')).toBeInTheDocument();
    expect(within(card).queryByText('Question')).toBeNull();
  });
});
