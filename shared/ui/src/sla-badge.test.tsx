import { act, render, screen } from '@testing-library/react';
import type { TicketSla } from '@portal/contract';
import { PortalProvider } from './portal-provider';
import { SLA_TICK_MS, SlaBadge } from './sla-badge';

// The response-time badge every screen shows (docs/product/response-times.md#who-sees-it): words and colour, and
// amber or red on time between two answers, all badges on one timer.

const NOW = Date.parse('2026-03-30T07:40:00.000Z');
const at = (minutes: number) => new Date(NOW + minutes * 60_000).toISOString();
const clock = (over: Partial<TicketSla> = {}): TicketSla => ({
  target: 'first_response', due_at: at(20), at_risk_at: at(5), left_minutes: 20, state: 'ok', paused: false, ...over,
});

beforeEach(() => {
  jest.useFakeTimers({ now: NOW });
});
afterEach(() => {
  jest.useRealTimers();
});

const show = (sla: TicketSla | null) => render(<PortalProvider><SlaBadge sla={sla} /></PortalProvider>);

it('says the next due target and the time left, in words; nothing without a clock', () => {
  const { unmount } = show(clock());
  expect(screen.getByTestId('sla-badge')).toHaveTextContent('First response due in 20 min');
  expect(screen.getByTestId('sla-badge')).toHaveAttribute('data-state', 'ok');
  unmount();
  show(null);
  expect(screen.queryByTestId('sla-badge')).toBeNull();
  // A screen without clocks (a client's) keeps no timer.
  expect(jest.getTimerCount()).toBe(0);
});

it('turns amber at the 75 % instant and red at the due one without a new answer, each badge on the same tick', () => {
  render(
    <PortalProvider>
      <SlaBadge sla={clock()} />
      <SlaBadge sla={clock({ target: 'resolution', at_risk_at: at(-5), due_at: at(25), state: 'at-risk', left_minutes: 25 })} />
    </PortalProvider>,
  );
  const [first, second] = screen.getAllByTestId('sla-badge');
  expect(second).toHaveTextContent('Resolution at risk: 25 min left');
  act(() => jest.advanceTimersByTime(6 * 60_000));
  expect(first).toHaveAttribute('data-state', 'at-risk');
  expect(first).toHaveTextContent('First response at risk');
  act(() => jest.advanceTimersByTime(15 * 60_000));
  expect(first).toHaveAttribute('data-state', 'breached');
  expect(first).toHaveTextContent('First response overdue');
  expect(second).toHaveAttribute('data-state', 'at-risk');
  act(() => jest.advanceTimersByTime(5 * 60_000 + SLA_TICK_MS));
  expect(second).toHaveAttribute('data-state', 'breached');
  expect(jest.getTimerCount()).toBe(1);
});

it('stands still while the ticket waits on the client', () => {
  show(clock({ paused: true, left_minutes: 50 }));
  act(() => jest.advanceTimersByTime(60 * 60_000));
  expect(screen.getByTestId('sla-badge')).toHaveTextContent('First response due in 50 min (paused: waiting on the client)');
  expect(screen.getByTestId('sla-badge')).toHaveAttribute('data-state', 'ok');
});

it('turns amber at the instant itself, between two ticks: a one-minute target is amber for its last 15 s only', () => {
  show(clock({ at_risk_at: new Date(NOW + 45_000).toISOString(), due_at: at(1), left_minutes: 1 }));
  act(() => jest.advanceTimersByTime(44_000));
  expect(screen.getByTestId('sla-badge')).toHaveAttribute('data-state', 'ok');
  act(() => jest.advanceTimersByTime(2_000));
  expect(screen.getByTestId('sla-badge')).toHaveAttribute('data-state', 'at-risk');
  act(() => jest.advanceTimersByTime(15_000));
  expect(screen.getByTestId('sla-badge')).toHaveAttribute('data-state', 'breached');
});
