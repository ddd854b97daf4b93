import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aContactTimeEntry, anAgent, type PortalData } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';

// The agent page's time tab (docs/product/time-and-billing.md#correcting-time): the agent edits or
// deletes its entries of open months, and logs a correction of an invoiced one.

const agent = anAgent();

function timePortal(): Partial<PortalData> {
  return {
    contactTimeEntries: [
      aContactTimeEntry({ time_id: 1, contact_id: 8, ticket_id: 5, ticket_title: 'Checkout button', time: 15, description: 'Fixed it', date: '2026-11-02T13:00:00.000Z' }),
      aContactTimeEntry({
        time_id: 2, contact_id: 8, ticket_id: 5, ticket_title: 'Checkout button', time: 10, description: 'October work', date: '2026-10-14T15:00:00.000Z',
        invoice: 'INV-202610-0004',
      }),
    ],
  };
}

const row = (text: string) => screen.getAllByRole('row').find((r) => r.textContent?.includes(text)) as HTMLElement;

describe('the time tab', () => {
  it('offers Edit and Delete on an open entry and Log correction on an invoiced one', async () => {
    renderRemote('/agents/8/time', { viewer: agent, api: timePortal() });
    await screen.findByText('Fixed it');
    expect(within(row('Fixed it')).getByRole('button', { name: /^Edit/ })).toBeInTheDocument();
    expect(within(row('Fixed it')).getByRole('button', { name: /^Delete/ })).toBeInTheDocument();
    const frozen = row('October work');
    expect(frozen).toHaveTextContent('Invoiced INV-202610-0004');
    expect(within(frozen).queryByRole('button', { name: /^Edit/ })).toBeNull();
    expect(within(frozen).getByRole('button', { name: /^Log correction/ })).toBeInTheDocument();
  });

  it('edits an entry: the table shows the new time and description', async () => {
    const view = renderRemote('/agents/8/time', { viewer: agent, api: timePortal() });
    await screen.findByText('Fixed it');
    fireEvent.click(within(row('Fixed it')).getByRole('button', { name: /^Edit/ }));
    const form = within(await screen.findByRole('form', { name: 'Edit time entry' }));
    fireEvent.change(form.getByRole('combobox', { name: 'Hours' }), { target: { value: '2' } });
    fireEvent.change(form.getByRole('textbox', { name: 'Work Description' }), { target: { value: 'Fixed the checkout' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Time' })));

    expect(view.writes()).toEqual([{
      method: 'PUT', url: '/api/time/1', body: { time: 25, description: 'Fixed the checkout', date: expect.stringMatching(/^2026-11-0[12]$/), time_zone: expect.any(String) },
    }]);
    expect(await screen.findByText('Fixed the checkout')).toBeInTheDocument();
    expect(row('Fixed the checkout')).toHaveTextContent('02:30');
  });

  it('deletes an entry after the confirmation', async () => {
    const view = renderRemote('/agents/8/time', { viewer: agent, api: timePortal() });
    await screen.findByText('Fixed it');
    fireEvent.click(within(row('Fixed it')).getByRole('button', { name: /^Delete/ }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteTimeEntry);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(view.writes()).toEqual([]);

    fireEvent.click(within(row('Fixed it')).getByRole('button', { name: /^Delete/ }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' })));
    expect(view.writes()).toEqual([{ method: 'DELETE', url: '/api/time/1' }]);
    await waitFor(() => expect(screen.queryByText('Fixed it')).toBeNull());
    expect(screen.getByText('October work')).toBeInTheDocument();
  });
});
