import { render, screen } from '@testing-library/react';
import { DateText, Duration, Money, WholeMoney } from './formatters';
import { PortalProvider } from './portal-provider';

describe('formatters', () => {
  it('shows money, whole money, durations and en-US dates in the user zone', () => {
    render(
      <PortalProvider>
        <Money amount={1234.5} />
        <WholeMoney amount={1234.01} />
        <Duration units={15} />
        <DateText iso="2026-11-21T03:00:00.000Z" timeZone="America/New_York" />
      </PortalProvider>,
    );

    expect(screen.getByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('$1,235')).toBeInTheDocument();
    expect(screen.getByText('01:30')).toBeInTheDocument();
    expect(screen.getByText('11/20/2026')).toHaveAttribute('datetime', '2026-11-21T03:00:00.000Z');
  });
});
