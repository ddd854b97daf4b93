import { screen, waitFor } from '@testing-library/react';
import { useLiveUpdates } from '@portal/api-client';
import { hourBankBalanceOf, type Viewer } from '@portal/domain';
import { ACME_ID, aClient, renderWithPortal } from '@portal/testing';
import { PlanHours } from './plan-hours';

// The Plan hours card (docs/product/hour-banks.md#the-balance): used of included, a bar, what the time went on; live.

const client = aClient();
const primary: Viewer = { contactId: client.contact_id, groupId: 5, companyIds: [ACME_ID], primaryCompanyIds: [ACME_ID] };
const balance = (usedUnits: number) => hourBankBalanceOf({
  month: '2026-12', includedUnits: 100, rolledOverUnits: 0, usedUnits,
  spentOn: [{ ticketId: 12, title: 'Fix the contact form', units: usedUnits - 15 }, { ticketId: 14, title: 'Update plugins', units: 15 }],
});
const settings = { included_hours: 10, rollover_cap_hours: 0 };

function Live({ viewer }: { viewer: Viewer }) {
  useLiveUpdates(viewer.contactId);
  return <PlanHours companyId={ACME_ID} viewer={viewer} />;
}

it('shows used of included, the bar and what the hours were spent on, and moves when a time write makes it stale', async () => {
  const view = renderWithPortal(<Live viewer={primary} />, { viewer: client, api: { hourBanks: { [ACME_ID]: { balance: balance(65), settings } } } });
  expect(await screen.findByText('6.5 of 10 hours used')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: '6.5 of 10 hours used' })).toHaveAttribute('aria-valuenow', '65');
  expect(screen.getByRole('link', { name: 'Fix the contact form' })).toHaveAttribute('href', '/ticket/12');
  expect(screen.getByText('5 h')).toBeInTheDocument();

  view.live.ready();
  view.api.db.hourBanks[ACME_ID] = { balance: balance(85), settings };
  view.live.stale([`/company/${ACME_ID}/hour-bank`]);
  expect(await screen.findByText('8.5 of 10 hours used')).toBeInTheDocument();
});

it('shows nothing without a bank, and reads nothing for a contact who is not primary', async () => {
  const plain: Viewer = { ...primary, primaryCompanyIds: [] };
  const view = renderWithPortal(<PlanHours companyId={ACME_ID} viewer={plain} />, { viewer: client, api: { hourBanks: { [ACME_ID]: { balance: balance(65), settings } } } });
  await waitFor(() => expect(view.requests().some((r) => r.url.includes('hour-bank'))).toBe(false));
  expect(screen.queryByRole('region', { name: 'Plan hours' })).toBeNull();
  view.unmount();
  renderWithPortal(<PlanHours companyId={ACME_ID} viewer={primary} />, { viewer: client });
  await waitFor(() => expect(screen.queryByText(/hours used/)).toBeNull());
});
