import { screen, within } from '@testing-library/react';
import { DEFAULT_PRIORITIES, DEFAULT_STATUSES, DEFAULT_TYPES } from '@portal/domain';
import { auditMessages } from '@portal/features';
import { anAgent, anAuditEntry, aTicketDetail, createMockApi, readIn } from '@portal/testing';
import { renderRemote } from '../../test-support/render-remote';
import { ticketsMessages } from '../../messages';
import { TicketHistory } from './ticket-history';

// A ticket's History tab as a German agent reads it: the audit trail's words (@portal/features' audit catalogue),
// German dates; the statuses and names as the portal's lists and people name them.

readIn('de', ticketsMessages, auditMessages);

const lookups = { statuses: DEFAULT_STATUSES, priorities: DEFAULT_PRIORITIES, types: DEFAULT_TYPES };

it('says who changed what, and each field before → after, in German', async () => {
  const api = createMockApi({
    tickets: [aTicketDetail()],
    audit: [
      anAuditEntry({
        audit_id: 9, actor_id: 8, actor_name: 'Alan Agent', date_created: '2026-11-20T09:30:00.000Z',
        changes: [{ field: 'status_id', before: 1, after: 3 }, { field: 'date_due', before: '2026-11-25T21:00:00.000Z', after: null }, { field: 'on_hold', before: 0, after: 1 }],
      }),
      anAuditEntry({ audit_id: 2, actor_id: null, actor_name: null, action: 'ticket.created', changes: [] }),
    ],
  });
  renderRemote(<TicketHistory ticket={aTicketDetail()} lookups={lookups} timeZone="UTC" poll={false} />, { viewer: anAgent(), api });
  const items = await screen.findAllByRole('listitem', { name: /von/ });
  expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Ticket geändert von Alan Agent', 'Ticket erstellt von System']);
  expect(within(items[0]!).getByText('20.11.2026, 9:30')).toBeInTheDocument();
  expect(within(items[0]!).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
    'Status: Backlog → In Progress', 'Fälligkeitsdatum: 25.11.2026, 21:00 → —', 'Angehalten: Nein → Ja',
  ]);
});
