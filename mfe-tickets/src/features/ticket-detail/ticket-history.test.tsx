import { act, fireEvent, screen, within } from '@testing-library/react';
import { auditPage, type Contact } from '@portal/contract';
import { DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_TYPES, MESSAGES } from '@portal/domain';
import {
  aClient, anActivity, anAdmin, anAgent, anAuditEntry, apiPath, aTicketDetail, createMockApi, errorAnswer, http, reply, type PortalData,
  type RenderWithPortalOptions,
} from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { RemoteRoutes } from '../../routes';
import { TicketHistory } from './ticket-history';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>(
    '../../test-support/markdown-editor-double',
  );
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

/** Ticket #12's history: Ada moved it to In Progress, then Alan reassigned it, cleared its due date and estimate and gave it to Cora. */
const history = () => [
  anAuditEntry({ audit_id: 5 }),
  anAuditEntry({
    audit_id: 9, actor_id: 8, actor_name: 'Alan Agent', date_created: '2026-11-20T09:30:00.000Z',
    changes: [
      { field: 'assignee_id', before: null, after: 8 },
      { field: 'priority_id', before: 3, after: 1 },
      { field: 'date_due', before: '2026-11-25T21:00:00.000Z', after: null },
      { field: 'estimated_time', before: 25, after: 0 },
      { field: 'contact_id', before: 99, after: 31 },
      { field: 'company_id', before: null, after: 4 },
    ],
  }),
  anAuditEntry({ audit_id: 2, actor_id: null, actor_name: null, action: 'ticket.created', changes: [{ field: 'title', before: null, after: 'Fix the contact form' }] }),
  anAuditEntry({ audit_id: 7, entity_id: 13, changes: [{ field: 'status_id', before: 3, after: 4 }] }),
];

const lookups = { statuses: DEFAULT_STATUSES, priorities: DEFAULT_PRIORITIES, types: DEFAULT_TYPES };

function openHistory(viewer: Contact, seed: Partial<PortalData> = {}, { handlers }: Pick<RenderWithPortalOptions, 'handlers'> = {}) {
  const api = createMockApi({ tickets: [aTicketDetail()], audit: history(), ...seed });
  return renderRemote(<TicketHistory ticket={aTicketDetail()} lookups={lookups} timeZone="UTC" poll={false} />, { viewer, api, handlers });
}

function openPage(viewer: Contact) {
  const api = createMockApi({
    tickets: [aTicketDetail()], audit: history(), activity: [anActivity({ activity_id: 2, contact_id: null, contact_name: null, note: 'Ticket imported.' })],
  });
  return renderRemote(<RemoteRoutes />, { viewer, api, history: ['/clients/4/tickets/12'] });
}

const audits = (requests: () => { url: string }[]) => requests().filter((r) => r.url.includes('/audit'));

describe('the History tab beside Activity', () => {
  it.each([['an agent', anAgent()], ['an admin', anAdmin()]])('shows %s Activity first, and History once opened', async (_who, viewer) => {
    const view = openPage(viewer);
    const activity = await screen.findByRole('tab', { name: 'Activity' });
    expect(activity).toHaveAttribute('aria-selected', 'true');
    expect(await within(screen.getByRole('tabpanel', { name: 'Activity' })).findByText('Ticket imported.')).toBeInTheDocument();
    expect(audits(view.requests)).toEqual([]);

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'History' })));

    expect(screen.getByRole('tab', { name: 'History' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'History' });
    expect(await within(panel).findByRole('listitem', { name: 'Ticket changed by Alan Agent' })).toBeInTheDocument();
    expect(audits(view.requests)).toEqual([expect.objectContaining({ method: 'GET', url: '/api/ticket/12/audit?limit=200' })]);
  });

  it('is not there for a client, who reads no history', async () => {
    const view = openPage(aClient());
    expect(await screen.findByRole('heading', { name: '#12 Fix the contact form' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByText('History')).toBeNull();
    expect(audits(view.requests)).toEqual([]);
  });
});

describe('a ticket\'s history', () => {
  it('lists the ticket\'s changes newest first: when, who, what, and each field before → after with names for ids', async () => {
    openHistory(anAgent());
    const items = await screen.findAllByRole('listitem', { name: /by/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Ticket changed by Alan Agent', 'Ticket changed by Ada Admin', 'Ticket created by System',
    ]);
    const [latest, earlier, created] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(latest).getByText('11/20/2026, 9:30 AM')).toBeInTheDocument();
    expect(within(latest).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Assignee: — → Alan Agent', 'Priority: Medium → Urgent', 'Due date: 11/25/2026, 9:00 PM → —', 'Estimate: 02:30 → 00:00',
      'Requester: 99 → Cora Client', 'Company: — → Acme, LLC',
    ]);
    expect(within(earlier).getByText('Status: Backlog → In Progress')).toBeInTheDocument();
    expect(within(created).getByText('Title: — → Fix the contact form')).toBeInTheDocument();
    expect(screen.queryByText('Status: In Progress → Testing')).toBeNull();
    expect(screen.queryByText(/latest 200/)).toBeNull();
  });

  it('says so when nothing is recorded yet', async () => {
    openHistory(anAgent(), { audit: [] });
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('says when only the latest 200 are shown', async () => {
    openHistory(anAgent(), {}, {
      handlers: [http.get(apiPath('/ticket/:id/audit'), () => reply(auditPage, { entries: [anAuditEntry()], next: 1 }))],
    });
    expect(await screen.findByText('The latest 200 changes are shown.')).toBeInTheDocument();
  });

  it('shows the API\'s refusal in the error alert', async () => {
    openHistory(anAgent(), {}, { handlers: [http.get(apiPath('/ticket/:id/audit'), () => errorAnswer(403, MESSAGES.notAuthorized))] });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.notAuthorized);
    expect(screen.queryByText('No changes recorded yet.')).toBeNull();
  });
});
