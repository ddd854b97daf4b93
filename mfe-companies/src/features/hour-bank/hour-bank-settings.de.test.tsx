import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { anAdmin, createMockApi, readIn } from '@portal/testing';
import { renderProfile } from '../../test-support/render-profile';
import { companiesMessages } from '../../messages';

readIn('de', companiesMessages);
afterEach(() => window.sessionStorage.clear());

it('a German admin sets plan hours with a decimal comma and reads why a value is refused', async () => {
  const api = createMockApi();
  renderProfile('/clients/4/info', anAdmin(), { api });
  const form = within(await screen.findByRole('form', { name: 'Einstellungen der Planstunden' }));
  fireEvent.click(form.getByRole('checkbox', { name: 'Planstunden für dieses Unternehmen' }));
  fireEvent.change(form.getByRole('textbox', { name: 'Inklusivstunden pro Monat' }), { target: { value: '0,05' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Planstunden speichern' })));
  expect(form.getByRole('alert')).toHaveTextContent('Inklusivstunden und Übertragungsgrenze: 0 bis 744 Stunden, in Schritten von 0,1.');

  fireEvent.change(form.getByRole('textbox', { name: 'Inklusivstunden pro Monat' }), { target: { value: '10' } });
  fireEvent.change(form.getByRole('textbox', { name: 'Übertragungsgrenze (Stunden)' }), { target: { value: '2,5' } });
  await act(async () => fireEvent.click(form.getByRole('button', { name: 'Planstunden speichern' })));
  await waitFor(() => expect(api.db.hourBanks[4]?.settings).toEqual({ included_hours: 10, rollover_cap_hours: 2.5 }));
  expect(await screen.findByRole('textbox', { name: 'Übertragungsgrenze (Stunden)' })).toHaveValue('2,5');
});
