import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useCompanyTickets } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import {
  aClient, anAdmin, anAgent, apiPath, aTicketDetail, errorAnswer, http, HttpResponse, type PortalRender, type RecordedRequest,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
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

const [admin, agent, client] = [anAdmin(), anAgent(), aClient()];
const creates = (view: PortalRender): RecordedRequest[] => view.requests().filter((c) => c.method === 'POST' && c.url === '/api/ticket');
/** POST /ticket answering `created`, as the API would for that form. */
const answering = (created: ReturnType<typeof aTicketDetail>) => [http.post(apiPath('/ticket'), () => HttpResponse.json(created, { status: 201 }))];

function fill({ type = '3', title = 'Broken footer', description = 'The footer overlaps.', priority = '2' } = {}) {
  fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: type } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Title' }), { target: { value: title } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: description } });
  fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: priority } });
}

const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create Ticket' })));

describe('NewTicketForm', () => {
  // Drafts live in the tab's sessionStorage: each test starts from a fresh tab.
  beforeEach(() => sessionStorage.clear());

  it('shows "The {Label} field is required." under each missing field and sends nothing', async () => {
    const view = renderRemote(<NewTicketForm />, { viewer: agent });
    expect(screen.getByRole('combobox', { name: 'Estimate Required' })).toHaveValue('0');
    await submit();

    for (const label of ['Type', 'Title', 'Description', 'Priority', 'Company']) {
      expect(await screen.findByText(`The ${label} field is required.`)).toBeInTheDocument();
    }
    expect(screen.queryByText('The Due Date field is required.')).toBeNull();
    expect(creates(view)).toEqual([]);
  });

  it('creates for a client with its company, a default due date from the priority, and calls onCreated', async () => {
    const created = aTicketDetail({ ticket_id: 40, status_id: 1 });
    const onCreated = jest.fn();
    const view = renderRemote(
      <>
        <CompanyTicketList />
        <NewTicketForm onCreated={onCreated} />
      </>,
      { viewer: client, handlers: answering(created) },
    );
    const listLoads = () => view.requests().filter((c) => c.method === 'GET' && c.url.split('?')[0] === '/api/company/4/tickets').length;
    await waitFor(() => expect(listLoads()).toBe(1));
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('4');
    fill();
    const due = screen.getByLabelText('Due Date') as HTMLInputElement;
    expect(due.value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await submit();

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(creates(view)[0]?.body).toMatchObject({
      type_id: 3, title: 'Broken footer', description: 'The footer overlaps.', priority_id: 2, company_id: 4, estimate_required: 0,
      date_due: expect.stringMatching(/T/),
    });
    expect(creates(view)[0]?.body).not.toHaveProperty('contact_id');
    await waitFor(() => expect(listLoads()).toBe(2));
  });

  it('sends no due date when it is cleared', async () => {
    const view = renderRemote(<NewTicketForm companyId={4} />, { viewer: client });
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await submit();
    await waitFor(() => expect(creates(view)).toHaveLength(1));
    expect(creates(view)[0]?.body).toMatchObject({ date_due: null });
  });

  it('keeps everything typed and shows the error message when the save fails', async () => {
    renderRemote(<NewTicketForm companyId={4} />, { viewer: client, handlers: [http.post(apiPath('/ticket'), () => errorAnswer(500, 'Internal error.'))] });
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

  // Every staff group, 1 to 4, gets the company's first contact as the requester, as the API does
  // (docs/product/tickets.md#requester).
  it.each([
    ['an admin (group 1)', admin],
    ['a junior agent (group 4)', anAgent({ group_id: 4 })],
  ])('lets %s name the company’s first contact as the requester', async (_who, viewer) => {
    const view = renderRemote(<NewTicketForm />, { viewer });
    fill();
    await screen.findByRole('option', { name: 'Acme, LLC' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Company' }), { target: { value: '4' } });
    expect(await screen.findByText('Requester: Cora Client')).toBeInTheDocument();
    await submit();
    await waitFor(() => expect(creates(view)).toHaveLength(1));
    expect(creates(view)[0]?.body).toMatchObject({ company_id: 4, contact_id: 31 });
  });

  // docs/product/tickets.md#creating-a-ticket: the half-filled form survives a reload until the ticket is created.
  it('keeps what is typed across a reload, and forgets it once the ticket is created', async () => {
    const first = renderRemote(<NewTicketForm companyId={4} />, { viewer: client });
    fill({ title: 'Half typed', description: 'Steps:\n\n1. open' });
    fireEvent.change(screen.getByLabelText('Due Date'), { target: { value: '2031-05-06' } });
    first.unmount();

    // A reload: the same tab, a new page.
    const created = aTicketDetail({ ticket_id: 41 });
    const onCreated = jest.fn();
    const second = renderRemote(<NewTicketForm companyId={4} onCreated={onCreated} />, { viewer: client, handlers: answering(created) });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Half typed');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('Steps:\n\n1. open');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('3');
    expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveValue('2');
    // The date the user chose stays; the priority does not overwrite it.
    expect(screen.getByLabelText('Due Date')).toHaveValue('2031-05-06');
    fireEvent.change(screen.getByRole('combobox', { name: 'Priority' }), { target: { value: '1' } });
    expect(screen.getByLabelText('Due Date')).toHaveValue('2031-05-06');
    await submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(creates(second)[0]?.body).toMatchObject({ title: 'Half typed', description: 'Steps:\n\n1. open' });
    second.unmount();

    renderRemote(<NewTicketForm companyId={4} />, { viewer: client });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveValue('');
  });

  it('keeps the draft when the save fails, and keeps none for a form nobody touched', async () => {
    const view = renderRemote(<NewTicketForm companyId={4} />, { viewer: client, handlers: [http.post(apiPath('/ticket'), () => errorAnswer(500, 'Internal error.'))] });
    expect(sessionStorage.length).toBe(0);
    fill({ title: 'Will fail' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.ticketSaveFailed);
    view.unmount();
    renderRemote(<NewTicketForm companyId={4} />, { viewer: client });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Will fail');
  });

  it('sends a visitor who is not signed in to the login page', async () => {
    renderRemote(<RemoteRoutes />, { viewer: null, route: '/clients/4/tickets/new' });
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
  });

  it('is a page at clients/:clientId/tickets/new that opens the created ticket', async () => {
    const created = aTicketDetail({ ticket_id: 12 });
    renderRemote(<RemoteRoutes />, { viewer: admin, route: '/clients/4/tickets/new', api: { tickets: [created] }, handlers: answering(created) });
    expect(await screen.findByRole('heading', { name: 'New Ticket' })).toBeInTheDocument();
    await screen.findByRole('option', { name: 'Acme, LLC' });
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('4');
    fill();
    await submit();
    expect(await screen.findByRole('heading', { name: '#12 Fix the contact form' })).toBeInTheDocument();
  });
});
