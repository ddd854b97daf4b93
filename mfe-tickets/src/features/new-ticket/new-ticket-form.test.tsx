import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useCompanyTickets } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { admin, agent, aTicket, client } from '../../test-support/fixtures';
import { fakeApi, type Call } from '../../test-support/fake-api';
import { renderWith } from '../../test-support/render-remote';
import { NewTicketForm } from '../../new-ticket-form';
import { RemoteRoutes } from '../../routes';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

/** A dashboard's view of the company's tickets: it must reload once a ticket is created. */
function CompanyTicketList() {
  useCompanyTickets(4);
  return null;
}

const creates = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.url === '/api/ticket');

function fill({ type = '3', title = 'Broken footer', description = 'The footer overlaps.', priority = '2' } = {}) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: type } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: title } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: description } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: priority } });
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' })));

describe('NewTicketForm', () => {
  it('shows "The {Label} field is required." under each missing field and sends nothing', async () => {
    const api = fakeApi();
    renderWith(<NewTicketForm />, { fetch: api.fetch, as: agent, entries: ['/x'] });
    expect(screen.getByRole('combobox', { name: 'Estimate Required' })).toHaveValue('0');
    await submit();

    for (const label of ['Type', 'Title', 'Description', 'Priority', 'Company']) {
      expect(await screen.findByText(`The ${label} field is required.`)).toBeInTheDocument();
    }
    expect(screen.queryByText('The Due Date field is required.')).toBeNull();
    expect(creates(api.calls)).toEqual([]);
  });

  it('creates for a client with its company, a default due date from the priority, and calls onCreated', async () => {
    const created = aTicket({ ticket_id: 40, status_id: 1 });
    const api = fakeApi({ override: (call) => (call.method === 'POST' && call.url === '/api/ticket' ? { status: 201, body: created } : undefined) });
    const onCreated = jest.fn();
    renderWith(
      <>
        <CompanyTicketList />
        <NewTicketForm onCreated={onCreated} />
      </>,
      { fetch: api.fetch, as: client, entries: ['/x'] },
    );
    const listLoads = () => api.calls.filter((c) => c.method === 'GET' && c.url === '/api/company/4/tickets').length;
    await waitFor(() => expect(listLoads()).toBe(1));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('4');
    fill();
    const due = screen.getByLabelText('Due Date') as HTMLInputElement;
    expect(due.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(creates(api.calls)[0]?.body).toMatchObject({
      type_id: 3, title: 'Broken footer', description: 'The footer overlaps.', priority_id: 2, company_id: 4, estimate_required: 0,
      date_due: expect.stringMatching(/T/),
    });
    expect(creates(api.calls)[0]?.body).not.toHaveProperty('contact_id');
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('sends no due date when it is cleared', async () => {
    const api = fakeApi({ override: (call) => (call.method === 'POST' ? { status: 201, body: aTicket() } : undefined) });
    renderWith(<NewTicketForm companyId={4} />, { fetch: api.fetch, as: client, entries: ['/x'] });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await submit();
    await waitFor(() => expect(creates(api.calls)).toHaveLength(1));
    expect(creates(api.calls)[0]?.body).toMatchObject({ date_due: null });
  });

  it('keeps everything typed and shows the error message when the save fails', async () => {
    const api = fakeApi({ override: (call) => (call.method === 'POST' ? { status: 500, body: { statusCode: 500, error: 'Internal error.' } } : undefined) });
    renderWith(<NewTicketForm companyId={4} />, { fetch: api.fetch, as: client, entries: ['/x'] });
    fill();
    fireEvent.change(screen.getByRole('combobox', { name: 'Estimate Required' }), { target: { value: '1' } });
    await submit();

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ticketSaveFailed);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('3');
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Broken footer');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('The footer overlaps.');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('2');
    expect(screen.getByRole('combobox', { name: 'Estimate Required' })).toHaveValue('1');
  });

  it('lets staff of group 3 or lower name the company’s first contact as the requester', async () => {
    const api = fakeApi({ override: (call) => (call.method === 'POST' ? { status: 201, body: aTicket() } : undefined) });
    renderWith(<NewTicketForm />, { fetch: api.fetch, as: admin, entries: ['/x'] });
    fill();
    await screen.findByRole('option', { name: 'Acme, LLC' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: '4' } });
    expect(await screen.findByText('Requester: Cora Client')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(creates(api.calls)).toHaveLength(1));
    expect(creates(api.calls)[0]?.body).toMatchObject({ company_id: 4, contact_id: 31 });
  });

  it('sends a visitor who is not signed in to the login page', () => {
    const api = fakeApi();
    renderWith(<RemoteRoutes />, { fetch: api.fetch, as: null, entries: ['/clients/4/tickets/new'] });
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('is a page at clients/:clientId/tickets/new that opens the created ticket', async () => {
    const created = aTicket({ ticket_id: 12 });
    const api = fakeApi({ override: (call) => (call.method === 'POST' && call.url === '/api/ticket' ? { status: 201, body: created } : undefined) });
    renderWith(<RemoteRoutes />, { fetch: api.fetch, as: admin, entries: ['/clients/4/tickets/new'] });
    expect(screen.getByRole('heading', { name: 'New Ticket' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Acme, LLC' });
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('4');
    fill();
    await submit();
    expect(await screen.findByRole('heading', { name: '#12 Fix the contact form' })).toBeInTheDocument();
  });
});
