import { render, screen, within } from '@testing-library/react';
import { PortalProvider } from '@portal/ui';
import { InvoiceTotalsTable } from './invoice-totals-table';

// A plan-hours company's invoice (docs/product/hour-banks.md#on-the-invoice): Included hours at 0 and Overage, separately.

const totals = {
  standard: { units: 120, unit_price: 10, amount: 1200 }, meeting: { units: 0, unit_price: 5, amount: 0 }, units: 120, total: 200,
};

it('shows Included hours and Overage as lines of their own above the total', () => {
  render(
    <PortalProvider>
      <InvoiceTotalsTable totals={totals} hourBank={{ included: { units: 100, amount: 0 }, overage: { units: 20, amount: 200 } }} />
    </PortalProvider>,
  );
  expect(within(screen.getByRole('row', { name: 'Included hours' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Included hours', '10:00', '', '$0.00']);
  expect(within(screen.getByRole('row', { name: 'Overage' })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Overage', '02:00', '', '$200.00']);
  expect(within(screen.getByRole('row', { name: 'Total' })).getAllByRole('cell').at(-1)).toHaveTextContent('$200.00');
});

it('shows neither line for a company without plan hours', () => {
  render(<PortalProvider><InvoiceTotalsTable totals={totals} /></PortalProvider>);
  expect(screen.queryByRole('row', { name: 'Included hours' })).toBeNull();
});
