import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOUR_BANK_MESSAGES } from '@portal/domain';
import { aClient, anAdmin, anAgent, createMockApi } from '@portal/testing';
import { renderProfile } from '../../test-support/render-profile';

// An admin's plan hours of a company (docs/product/hour-banks.md#settings) on the company's Info tab.

afterEach(() => window.sessionStorage.clear());

it('an admin turns plan hours on with included hours and a roll-over cap; the card then shows the balance', async () => {
  const api = createMockApi();
  const view = renderProfile('/clients/4/info', anAdmin(), { api });
  const form = within(await screen.findByRole('form', { name: 'Plan hours settings' }));
  expect(screen.queryByRole('region', { name: 'Plan hours' })).toBeNull();
  fireEvent.click(form.getByRole('checkbox', { name: 'Plan hours for this company' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Included hours per month' }), { target: { value: '0.05' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Plan Hours' })));
  expect(form.getByRole('alert')).toHaveTextContent(HOUR_BANK_MESSAGES.invalidBank);
  expect(view.writes()).toEqual([]);

  fireEvent.change(form.getByRole('textbox', { name: 'Included hours per month' }), { target: { value: '10' } });
  fireEvent.change(form.getByRole('textbox', { name: 'Roll-over cap (hours)' }), { target: { value: '2.5' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Save Plan Hours' })));
  await waitFor(() => expect(api.db.hourBanks[4]?.settings).toEqual({ included_hours: 10, rollover_cap_hours: 2.5 }));
  expect(await screen.findByText('0 of 10 hours used')).toBeInTheDocument();
});

it('agents and primary contacts do not see the settings', async () => {
  const view = renderProfile('/clients/4/info', anAgent());
  await screen.findByRole('heading', { name: 'Acme, LLC Profile Settings' });
  expect(screen.queryByRole('form', { name: 'Plan hours settings' })).toBeNull();
  view.unmount();
  renderProfile('/clients/4/info', aClient());
  await screen.findByRole('heading', { name: 'Acme, LLC Profile Settings' });
  expect(screen.queryByRole('form', { name: 'Plan hours settings' })).toBeNull();
});
