import { act, fireEvent, screen, within } from '@testing-library/react';
import { anAgent, aTicketSummary, createMockApi, readIn } from '@portal/testing';
import { uiMessages } from '@portal/ui';
import { shellMessages } from '../../messages';
import { renderShell } from '../../test-support/render-shell';

readIn('de', shellMessages, uiMessages);

it('the header timer and its stop dialog speak German', async () => {
  const api = createMockApi({ tickets: [aTicketSummary({ ticket_id: 12, company_id: 3, title: 'Fix the form' })] });
  const started = new Date(Date.now() - (6 * 60 + 1) * 1000).toISOString();
  api.db.timers[anAgent().contact_id] = { ticket_id: 12, started_at: started, accumulated_seconds: 0, paused_at: null, date_created: started };
  // A German reader: the session check (GET /auth/me) keeps the contact's language.
  renderShell('/agents', { viewer: { ...anAgent(), language: 'de' }, api });

  const timer = await screen.findByRole('group', { name: 'Timer' });
  expect(within(timer).getByRole('timer', { name: 'Laufzeit des Timers' })).toBeInTheDocument();
  expect(within(timer).getByRole('button', { name: 'Pausieren' })).toBeInTheDocument();
  await act(async () => fireEvent.click(within(timer).getByRole('button', { name: 'Stoppen' })));

  const dialog = await screen.findByRole('dialog', { name: 'Timer für „Fix the form“ stoppen' });
  expect(within(dialog).getByText('Erfasst 00:12 (2 Einheiten à 6 Minuten).')).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Verwerfen' })).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Speichern' })).toBeInTheDocument();
});
