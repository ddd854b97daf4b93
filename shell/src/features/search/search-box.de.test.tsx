import { act, fireEvent, screen, within } from '@testing-library/react';
import { aCompany, anActivity, anAgent, aTicket, readIn } from '@portal/testing';
import { uiMessages } from '@portal/ui';
import { shellMessages } from '../../messages';
import { renderShell } from '../../test-support/render-shell';

const seed = {
  companies: [aCompany({ company_id: 4, name: 'Acme, LLC' })],
  tickets: [aTicket({ ticket_id: 12, company_id: 4, title: 'Safari checkout bug', description: 'The pay button does nothing on Safari' })],
  activity: [anActivity({ activity_id: 40, ticket_id: 12, note: 'Also broken on safari mobile' })],
};

readIn('de', shellMessages, uiMessages);

it('the search box speaks German; what it finds stays as written', async () => {
  renderShell('/agents', { viewer: { ...anAgent(), language: 'de' }, api: seed });
  const input = await screen.findByRole('combobox', { name: 'Suchen' });
  expect(input).toHaveAttribute('placeholder', 'Suchen');
  await act(async () => fireEvent.change(input, { target: { value: 'saf' } }));

  const list = await screen.findByRole('listbox', { name: 'Suchergebnisse' });
  expect(await within(list).findByRole('option', { name: /^#12 Safari checkout bug/ })).toBeInTheDocument();
  expect(within(list).getByRole('option', { name: /Notiz zu #12 Safari checkout bug/ })).toBeInTheDocument();
  expect(within(list).getByText('Notizen')).toBeInTheDocument();
  expect(within(list).getByRole('option', { name: 'Alle Ergebnisse für „saf“' })).toBeInTheDocument();
});
