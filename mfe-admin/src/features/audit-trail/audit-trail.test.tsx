import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { anAgent, anAuditEntry, apiPath, createMockApi, errorAnswer, http, type PortalData, type RenderWithPortalOptions } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

const PAGE = '/admins/settings/audit';

/** Ada moved ticket #12 on; Alan renamed Acme; someone failed to sign in as nobody@acme.test. */
const trail = () => [
  anAuditEntry({
    audit_id: 3,
    changes: [{ field: 'status_id', before: 1, after: 3 }, { field: 'on_hold', before: 0, after: 1 }, { field: 'contact_id', before: null, after: 8 }],
  }),
  anAuditEntry({
    audit_id: 4, actor_id: 8, actor_name: 'Alan Agent', action: 'company.updated', entity: 'company', entity_id: 4, subject: 'Acme, LLC',
    changes: [{ field: 'name', before: 'Acme', after: 'Acme, LLC' }, { field: 'phone', before: null, after: '555-0100' }], date_created: '2026-11-20T10:00:00.000Z',
  }),
  anAuditEntry({
    audit_id: 5, actor_id: null, actor_name: null, action: 'session.sign_in_failed', entity: 'session', entity_id: null, company_id: null,
    subject: 'nobody@acme.test', changes: [], ip: '203.0.113.9', date_created: '2026-11-21T08:00:00.000Z',
  }),
];

function open(seed: Partial<PortalData> = {}, { handlers }: Pick<RenderWithPortalOptions, 'handlers'> = {}) {
  const api = createMockApi({ audit: trail(), ...seed });
  const view = renderAdmin(PAGE, { api, handlers });
  const audits = () => view.requests().filter((r) => r.url.startsWith('/api/audit'));
  return { ...view, audits, lastQuery: () => Object.fromEntries(new URL(audits().at(-1)?.url ?? '', 'http://x').searchParams) };
}

const table = () => screen.findByRole('table', { name: 'Audit trail' });
const rows = async () => within(await table()).getAllByRole('row').slice(1);
/** The filter and paging journeys take several renders each; a loaded CI machine needs more than jest's 5 s. */
const SLOW = 20_000;

const pick = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe('admin settings: the audit trail', () => {
  it('lists every entry newest first: when, who, action, record, the changes before → after and the address', async () => {
    open();
    const headers = within(await table()).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['When', 'Who', 'Action', 'Record', 'Changes', 'IP']);
    const [signIn, company, ticket] = (await rows()) as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(signIn).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      expect.any(String), 'nobody@acme.test', 'Sign-in failed', 'Sign-innobody@acme.test', '', '203.0.113.9',
    ]);
    expect(within(company).getByText('Name: Acme → Acme, LLC')).toBeInTheDocument();
    expect(within(company).getByText('Phone: — → 555-0100')).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: 'Company #4' })).toHaveAttribute('href', '/clients/4/info');
    expect(within(ticket).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(ticket).getByText('Ticket changed')).toBeInTheDocument();
    expect(within(ticket).getByText('Status: Backlog → In Progress')).toBeInTheDocument();
    expect(within(ticket).getByText('On hold: No → Yes')).toBeInTheDocument();
    expect(within(ticket).getByText('Requester: — → Alan Agent')).toBeInTheDocument();
    expect(within(ticket).getByRole('link', { name: 'Ticket #12' })).toHaveAttribute('href', '/clients/4/tickets/12');
    expect(within(ticket).getByText('Fix the contact form')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('puts each filter on the request, and offers only the chosen record type\'s actions', async () => {
    const view = open();
    await table();
    expect(view.audits().map((r) => r.url)).toEqual(['/api/audit']);

    await pick('Entity', 'ticket');
    expect(view.lastQuery()).toEqual({ entity: 'ticket' });
    const actions = within(screen.getByLabelText('Action')).getAllByRole('option').map((o) => o.textContent);
    expect(actions).toEqual([
      'All actions', 'Ticket created', 'Ticket changed', 'Ticket deleted',
      'Approval beyond plan hours asked', 'Hours beyond the plan approved', 'Hours beyond the plan declined',
    ]);

    await pick('Action', 'ticket.updated');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Alan Agent' })).toBeInTheDocument());
    await pick('Who', '1');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Acme, LLC' })).toBeInTheDocument());
    await pick('Company', '4');
    await pick('Record ID', '12');
    await pick('From', '2026-11-01');
    await pick('To', '2026-11-30');
    expect(view.lastQuery()).toEqual({
      entity: 'ticket', action: 'ticket.updated', actor_id: '1', company_id: '4', entity_id: '12', from: '2026-11-01', to: '2026-11-30',
    });
    expect(await rows()).toHaveLength(1);

    // API tokens (docs/product/integrations.md#api-tokens): made and revoked.
    await pick('Entity', 'token');
    expect(within(screen.getByLabelText('Action')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All actions', 'API token created', 'API token revoked']);

    await pick('Entity', 'session');
    expect(view.lastQuery()).toMatchObject({ entity: 'session' });
    expect(view.lastQuery()).not.toHaveProperty('action');
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
  }, SLOW);

  it('reads older entries with the last page\'s cursor while there are more', async () => {
    const many = Array.from({ length: 60 }, (_, i) => anAuditEntry({ audit_id: i + 1 }));
    const view = open({ audit: many });
    const more = await screen.findByRole('button', { name: 'Load more' }, { timeout: SLOW / 2 });
    expect(await rows()).toHaveLength(50);

    await act(async () => fireEvent.click(more));

    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull(), { timeout: SLOW / 2 });
    expect(await rows()).toHaveLength(60);
    expect(view.audits().map((r) => r.url)).toContain('/api/audit?before=11');
  }, SLOW);

  it('says so when nothing matches', async () => {
    open({ audit: [] });
    expect(await screen.findByText('No entries match these filters.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the API\'s refusal in the error alert', async () => {
    open({}, { handlers: [http.get(apiPath('/audit'), () => errorAnswer(403, MESSAGES.notAuthorized))] });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
    expect(screen.queryByText('No entries match these filters.')).toBeNull();
  });

  it('is refused to anyone but an admin', async () => {
    renderAdmin(PAGE, { viewer: anAgent() });
    expect(await screen.findByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
