import { screen } from '@testing-library/react';
import type { Contact, TicketSla } from '@portal/contract';
import { aClient, anAgent, aTicketDetail } from '@portal/testing';
import { RemoteRoutes } from '../../routes';
import { renderRemote } from '../../test-support/render-remote';

jest.mock('@portal/ui', () => {
  const actual = jest.requireActual<typeof import('@portal/ui')>('@portal/ui');
  const { MarkdownEditorDouble } = jest.requireActual<typeof import('../../test-support/markdown-editor-double')>('../../test-support/markdown-editor-double');
  return { ...actual, MarkdownEditor: MarkdownEditorDouble };
});

// The response-time badge in the ticket screen's header (docs/product/response-times.md#who-sees-it).

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const sla = (over: Partial<TicketSla>): TicketSla => ({
  target: 'first_response', due_at: minutesFromNow(120), at_risk_at: minutesFromNow(90), left_minutes: 120, state: 'ok', paused: false, ...over,
});

function open(as: Contact, clock: TicketSla) {
  renderRemote(<RemoteRoutes />, { viewer: as, api: { tickets: [aTicketDetail({ sla: clock })] }, history: ['/clients/4/tickets/12'] });
}

describe('the response-time badge', () => {
  it('tells staff the next due target and the time left, in words', async () => {
    open(anAgent(), sla({}));
    const badge = await screen.findByTestId('sla-badge');
    expect(badge).toHaveTextContent('First response due in 2 h');
    expect(badge).toHaveAttribute('data-state', 'ok');
  });

  it('turns amber at 75 % and red when breached, saying so', async () => {
    open(anAgent(), sla({ target: 'resolution', left_minutes: 30, state: 'at-risk', at_risk_at: minutesFromNow(-10), due_at: minutesFromNow(30) }));
    const amber = await screen.findByTestId('sla-badge');
    expect(amber).toHaveTextContent('Resolution at risk: 30 min left');
    expect(amber).toHaveAttribute('data-state', 'at-risk');
  });

  it('is red once over, with how much', async () => {
    open(anAgent(), sla({ left_minutes: -75, state: 'breached', at_risk_at: minutesFromNow(-100), due_at: minutesFromNow(-75) }));
    const red = await screen.findByTestId('sla-badge');
    expect(red).toHaveTextContent('First response overdue by 1 h 15 min');
    expect(red).toHaveAttribute('data-state', 'breached');
  });

  it('says when the clock stands still', async () => {
    open(anAgent(), sla({ paused: true, left_minutes: 50 }));
    expect(await screen.findByTestId('sla-badge')).toHaveTextContent('First response due in 50 min (paused: waiting on the client)');
  });

  it('is never shown to a client', async () => {
    open(aClient(), sla({}));
    await screen.findByRole('heading', { name: '#12 Fix the contact form' });
    expect(screen.queryByTestId('sla-badge')).toBeNull();
  });
});
