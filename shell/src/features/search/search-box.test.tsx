import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aClient, aCompany, anActivity, anAgent, aTicket } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';
import { SLASH_HINT_MEDIA } from './search-box';

const agent = anAgent();
const acme = aCompany({ company_id: 4, name: 'Acme, LLC' });
const seed = {
  companies: [acme],
  tickets: [
    aTicket({ ticket_id: 12, company_id: 4, title: 'Safari checkout bug', description: 'The pay button does nothing on Safari' }),
    aTicket({ ticket_id: 13, company_id: 4, title: 'Footer links', description: 'Broken' }),
  ],
  activity: [anActivity({ activity_id: 40, ticket_id: 13, note: 'Also broken on safari mobile' })],
};

const box = () => screen.getByRole('combobox', { name: 'Search' });
const type = async (text: string) => {
  // The box loads on its own (the sign-in page goes without it).
  const input = await screen.findByRole('combobox', { name: 'Search' });
  await act(async () => fireEvent.change(input, { target: { value: text } }));
};

describe('the header search box', () => {
  it("mentions '/' only where a keyboard is likely: a wide screen with a pointer that hovers, not a phone", async () => {
    const wide = jest.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      matches: false, media: query, onchange: null, addListener: jest.fn(), removeListener: jest.fn(),
      addEventListener: jest.fn(), removeEventListener: jest.fn(), dispatchEvent: () => false,
    }));
    const view = renderShell('/agents', { viewer: agent, api: seed });
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search');
    expect(box()).toHaveAttribute('aria-keyshortcuts', '/');
    view.unmount();

    wide.mockImplementation((query: string) => ({
      matches: query === SLASH_HINT_MEDIA, media: query, onchange: null, addListener: jest.fn(), removeListener: jest.fn(),
      addEventListener: jest.fn(), removeEventListener: jest.fn(), dispatchEvent: () => false,
    }));
    renderShell('/agents', { viewer: agent, api: seed });
    expect(await screen.findByRole('combobox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search (press /)');
    wide.mockRestore();
  });

  it('answers as you type, grouped, with the ticket, its badges, its company and where it matched', async () => {
    renderShell('/agents', { viewer: agent, api: seed });
    await screen.findByText('Welcome, Alan Agent!');
    await type('saf');

    const list = await screen.findByRole('listbox', { name: 'Search results' });
    const ticket = await within(list).findByRole('option', { name: /#12 Safari checkout bug/ });
    expect(ticket).toHaveTextContent('Acme, LLC');
    expect(ticket).toHaveTextContent('In Progress');
    expect(ticket).toHaveTextContent('Urgent');
    expect(within(ticket).getByText('Safari', { selector: 'mark' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: /Note on #13 Footer links/ })).toBeInTheDocument();
    expect(within(list).getByText('Tickets')).toBeInTheDocument();
    expect(within(list).getByText('Notes')).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'See all results for “saf”' })).toBeInTheDocument();
  });

  it('moves with the arrow keys and opens the chosen result with Enter; a note opens its ticket at the note', async () => {
    renderShell('/agents', { viewer: agent, api: seed });
    await screen.findByText('Welcome, Alan Agent!');
    await type('safari');
    await screen.findByRole('option', { name: /Note on #13/ });

    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /#12 Safari checkout bug/ }).id);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(await screen.findByTestId('where')).toHaveTextContent('tickets:/clients/4/tickets/13');
  });

  it('opens the results page with Enter when nothing is chosen, and Escape closes the list', async () => {
    renderShell('/agents', { viewer: agent, api: seed });
    await screen.findByText('Welcome, Alan Agent!');
    await type('footer');
    await screen.findByRole('option', { name: /#13 Footer links/ });

    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByRole('listbox', { name: 'Search results' })).toBeNull();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/search?q=footer'));
  });

  it('is focused by / from anywhere but a field', async () => {
    renderShell('/agents', { viewer: agent, api: seed });
    await screen.findByRole('combobox', { name: 'Search' });
    fireEvent.keyDown(document.body, { key: '/' });
    expect(box()).toHaveFocus();
  });

  it('gives a client no companies or contacts', async () => {
    const client = aClient();
    renderShell('/clients', { viewer: client, api: { ...seed, companies: [aCompany({ company_id: 4, name: 'Safari Outfitters' })] } });
    await screen.findByText(/Welcome,/);
    await type('safari');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /#12 Safari checkout bug/ });
    expect(within(list).queryByText('Companies')).toBeNull();
  });
});
