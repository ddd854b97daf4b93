import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ListedTicket, TicketSla } from '@portal/contract';
import { aListedTicket, anAdmin, anAgent, type PortalData } from '@portal/testing';
import { renderRemote } from '../test-support/render-remote';

// Every open ticket's next due response-time target on the staff list rows, the kanban cards and the agent page
// (docs/product/response-times.md#who-sees-it): the ticket screen's badge, amber at 75 %, red once over.

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const clock = (over: Partial<TicketSla>): TicketSla => ({
  target: 'first_response', due_at: minutesFromNow(120), at_risk_at: minutesFromNow(90), left_minutes: 120, state: 'ok', paused: false, ...over,
});
const atRisk = clock({ target: 'resolution', left_minutes: 30, state: 'at-risk', at_risk_at: minutesFromNow(-10), due_at: minutesFromNow(30) });
const breached = clock({ left_minutes: -75, state: 'breached', at_risk_at: minutesFromNow(-100), due_at: minutesFromNow(-75) });

const agent = anAgent({ contact_id: 8 });
const tickets: ListedTicket[] = [
  aListedTicket({ ticket_id: 31, title: 'Opening hours', status_id: 2, assignee_id: 8, sla: clock({}) }),
  aListedTicket({ ticket_id: 32, title: 'Checkout button', status_id: 2, assignee_id: 8, sla: atRisk }),
  aListedTicket({ ticket_id: 33, title: 'Logo files', status_id: 2, assignee_id: 8, sla: breached }),
  aListedTicket({ ticket_id: 34, title: 'Careers page', status_id: 2, assignee_id: 8, sla: null }),
];
const portal = (contactId: number): Partial<PortalData> => ({
  tickets,
  listPrefs: { [contactId]: { sortBy: 'priorityId', direction: 'DESC', statusFilters: [2], maintenanceOnly: true } },
});

const cardOf = (title: string) => screen.getByRole('link', { name: title }).closest('article')!;

async function expectMarks() {
  await waitFor(() => expect(within(cardOf('Opening hours')).getByTestId('sla-badge')).toHaveTextContent('First response due in 2 h'));
  expect(within(cardOf('Opening hours')).getByTestId('sla-badge')).toHaveAttribute('data-state', 'ok');
  expect(within(cardOf('Checkout button')).getByTestId('sla-badge')).toHaveTextContent('Resolution at risk: 30 min left');
  expect(cardOf('Checkout button')).toHaveAttribute('data-sla', 'at-risk');
  expect(within(cardOf('Logo files')).getByTestId('sla-badge')).toHaveTextContent('First response overdue by 1 h 15 min');
  expect(cardOf('Logo files')).toHaveAttribute('data-sla', 'breached');
  expect(within(cardOf('Careers page')).queryByTestId('sla-badge')).toBeNull();
  expect(cardOf('Careers page')).not.toHaveAttribute('data-sla');
}

describe('response-time badges on the boards', () => {
  it("on the admin kanban's cards", async () => {
    renderRemote('/admins', { viewer: anAdmin(), api: portal(1) });
    await expectMarks();
  });

  it("on the admin list's rows (a page read from the server)", async () => {
    renderRemote('/admins', { viewer: anAdmin(), api: portal(1) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'List' })));
    await expectMarks();
  });

  it("on the agent page's tickets", async () => {
    renderRemote('/agents', { viewer: agent, api: portal(8) });
    await expectMarks();
  });
});
