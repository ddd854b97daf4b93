import { act, fireEvent, screen, within } from '@testing-library/react';
import { aClient, aCompany, anActivity, anAdmin, aTicket } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';

const acme = aCompany({ company_id: 4, name: 'Acme, LLC' });
const kookaburras = Array.from({ length: 23 }, (_, index) =>
  aTicket({ ticket_id: 100 + index, company_id: 4, title: `Kookaburra ${index}`, description: 'x' }));
const seed = {
  companies: [acme],
  tickets: [aTicket({ ticket_id: 12, company_id: 4, title: 'Safari checkout bug', description: 'Pay fails on Safari' }), ...kookaburras],
  activity: [anActivity({ activity_id: 40, ticket_id: 12, note: 'Seen on safari 17 too', contact_name: 'Cora Client' })],
};

describe('the search results page', () => {
  it('shows every group the viewer may search, with totals, snippets and links to where each result lives', async () => {
    renderRemote('/search?q=safari', { viewer: anAdmin(), api: seed });
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    expect(within(tickets).getByRole('heading', { name: 'Tickets (1)' })).toBeInTheDocument();
    expect(within(tickets).getByRole('link', { name: '#12 Safari checkout bug' })).toHaveAttribute('href', '/clients/4/tickets/12');
    expect(within(tickets).getByText('Safari', { selector: 'mark' })).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(within(notes).getByRole('link', { name: 'Note on #12 Safari checkout bug' })).toHaveAttribute('href', '/clients/4/tickets/12#note-40');
    expect(within(notes).getByText(/Cora Client/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
  });

  it('pages through one group with its total', async () => {
    renderRemote('/search?q=kookaburra', { viewer: anAdmin(), api: seed });
    await screen.findByRole('heading', { name: 'Tickets (23)' });
    expect(screen.getAllByTestId('search-hit')).toHaveLength(5);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show all 23 tickets' })));
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('search-hit')).toHaveLength(20);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next page' })));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getAllByTestId('search-hit')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('says when nothing matches, and gives a client no company filter', async () => {
    renderRemote('/search?q=zeppelin', { viewer: aClient(), api: seed });
    expect(await screen.findByRole('status')).toHaveTextContent('No results found.');
    expect(screen.queryByRole('combobox', { name: 'Company' })).toBeNull();
  });

  it('searches what is typed into its own field', async () => {
    renderRemote('/search', { viewer: anAdmin(), api: seed });
    fireEvent.change(screen.getByRole('textbox', { name: 'Search for' }), { target: { value: 'checkout' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Search' })));
    expect(await screen.findByRole('link', { name: '#12 Safari checkout bug' })).toBeInTheDocument();
  });
});
