import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { auditMessages } from '@portal/features';
import { anAgent, anAuditEntry, apiPath, createMockApi, errorAnswer, http, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Admin settings → Audit as a German admin reads it: filters, columns, actions, records, change lines with German
// yes/no and dates, the empty state and a refusal.

readIn('de', adminMessages, auditMessages);
afterEach(() => window.sessionStorage.clear());

const PAGE = '/admins/settings/audit';

const trail = () => [
  anAuditEntry({
    audit_id: 3,
    changes: [
      { field: 'on_hold', before: 0, after: 1 }, { field: 'contact_id', before: null, after: 8 },
      { field: 'date_due', before: null, after: '2026-11-21T12:00:00.000Z' },
    ],
  }),
  anAuditEntry({
    audit_id: 4, actor_id: 8, actor_name: 'Alan Agent', action: 'company.updated', entity: 'company', entity_id: 4, subject: 'Acme, LLC',
    changes: [{ field: 'phone', before: null, after: '555-0100' }], date_created: '2026-11-20T10:00:00.000Z',
  }),
  anAuditEntry({
    audit_id: 5, actor_id: null, actor_name: null, action: 'token.revoked', entity: 'token', entity_id: 9, company_id: null,
    subject: 'CI', changes: [], ip: '203.0.113.9', date_created: '2026-11-21T08:00:00.000Z',
  }),
];

const pick = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe('the audit trail in German', () => {
  it('names its filters, columns, actions and records in German, with German values and dates', async () => {
    renderAdmin(PAGE, { api: createMockApi({ audit: trail() }) });
    expect(await screen.findByRole('heading', { name: 'Änderungsprotokoll' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Filter des Änderungsprotokolls' });
    for (const label of ['Datensatztyp', 'Aktion', 'Wer', 'Unternehmen', 'Datensatz-ID', 'Von', 'Bis']) {
      expect(within(filters).getByLabelText(label)).toBeInTheDocument();
    }
    const table = await screen.findByRole('table', { name: 'Änderungsprotokoll' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['Wann', 'Wer', 'Aktion', 'Datensatz', 'Änderungen', 'IP-Adresse']);
    const [token, company, ticket] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(token).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      expect.stringMatching(/^21\.11\.2026, \d{1,2}:\d{2}$/), 'System', 'API-Token widerrufen', 'API-Token #9CI', '', '203.0.113.9',
    ]);
    expect(within(company).getByText('Unternehmen geändert')).toBeInTheDocument();
    expect(within(company).getByRole('link', { name: 'Unternehmen #4' })).toHaveAttribute('href', '/clients/4/info');
    expect(within(company).getByText('Telefon: — → 555-0100')).toBeInTheDocument();
    expect(within(ticket).getByText('Ticket geändert')).toBeInTheDocument();
    expect(within(ticket).getByText('Angehalten: Nein → Ja')).toBeInTheDocument();
    expect(within(ticket).getByText('Anfragende Person: — → Alan Agent')).toBeInTheDocument();
    expect(within(ticket).getByText(/^Fälligkeitsdatum: — → 21\.11\.2026, \d{1,2}:\d{2}$/)).toBeInTheDocument();
  });

  it('offers the chosen record type\'s actions in German, and says so when nothing matches', async () => {
    renderAdmin(PAGE, { api: createMockApi({ audit: [] }) });
    expect(await screen.findByText('Keine Einträge entsprechen diesen Filtern.')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Datensatztyp')).getAllByRole('option').slice(0, 3).map((option) => option.textContent)).toEqual([
      'Alle', 'Ticket', 'Unternehmen',
    ]);
    await pick('Datensatztyp', 'session');
    expect(within(screen.getByLabelText('Aktion')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Alle Aktionen', 'Angemeldet', 'Anmeldung fehlgeschlagen', 'Code des zweiten Faktors abgelehnt', 'Wiederherstellungscode verwendet', 'Sitzungen beendet',
    ]);
    expect(screen.getByLabelText('Wer')).toHaveDisplayValue('Alle Personen');
    expect(screen.getByLabelText('Unternehmen')).toHaveDisplayValue('Alle Unternehmen');
  });

  it('shows the API\'s refusal in German', async () => {
    renderAdmin(PAGE, { handlers: [http.get(apiPath('/audit'), () => errorAnswer(403, MESSAGES.notAuthorized))] });
    expect(await screen.findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.notAuthorized));
    expect(inGerman(MESSAGES.notAuthorized)).not.toBe(MESSAGES.notAuthorized);
  });

  it('tells a German agent they may not read it', async () => {
    renderAdmin(PAGE, { viewer: anAgent() });
    expect(await screen.findByText(inGerman(MESSAGES.notAuthorized))).toBeInTheDocument();
  });
});
