import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSession } from '@portal/session';
import { anAdmin, apiPath, errorAnswer, http, HttpResponse } from '@portal/testing';
import { uiMessages } from '@portal/ui';
import { shellMessages } from '../../messages';
import { renderShell } from '../../test-support/render-shell';

const admin = anAdmin();
// A German reader is a contact who reads German: the session check (GET /auth/me) keeps the contact's language.
const germanAdmin = { ...admin, language: 'de' as const };

// The German catalogues load once (a chunk of their own in the browser).
beforeAll(() => Promise.all([shellMessages.preload('de'), uiMessages.preload('de')]), 30_000);
const readGerman = () => useSession.getState().setLanguage('de');

afterEach(() => {
  useSession.getState().setLanguage('en');
  document.documentElement.lang = 'en';
});

describe('the header in German', () => {
  it('greets, links and signs out in German, with the page marked as German', async () => {
    readGerman();
    renderShell('/admins', { viewer: germanAdmin });

    expect(await screen.findByText('Willkommen, Ada Admin!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meine Tickets' })).toHaveAttribute('href', '/agents/1/tickets');
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toHaveAttribute('href', '/admins/invoices');
    expect(screen.getByRole('link', { name: 'Einstellungen' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sicherheit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(screen.getByText(/©.*Alle Rechte vorbehalten\.$/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
  });

  it("the narrow header's menu speaks German and offers the language too", async () => {
    readGerman();
    renderShell('/admins', { viewer: germanAdmin });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Menü' })));

    const drawer = await screen.findByRole('dialog', { name: 'Menü' });
    expect(within(drawer).getByText('Willkommen, Ada Admin!')).toBeInTheDocument();
    expect(within(drawer).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Meine Tickets', 'Rechnungen', 'Einstellungen', 'Sicherheit']);
    expect(within(drawer).getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(within(drawer).getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
  });
});

describe('choosing a language', () => {
  it('stores it with PUT /contact/:id, then every text of the shell switches at once, without a reload', async () => {
    const view = renderShell('/admins', { viewer: admin });
    expect(await screen.findByText('Welcome, Ada Admin!')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveValue('en');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Deutsch']);

    await act(async () => fireEvent.change(select, { target: { value: 'de' } }));

    expect(await screen.findByText('Willkommen, Ada Admin!')).toBeInTheDocument();
    expect(view.requests().filter((request) => request.method === 'PUT')).toEqual([
      expect.objectContaining({ url: expect.stringMatching(/\/contact\/1$/), body: { language: 'de' } }),
    ]);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Rechnungen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(useSession.getState().language).toBe('de');
    expect(useSession.getState().contact?.language).toBe('de');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));

    // And back.
    await act(async () => fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: 'en' } }));
    expect(await screen.findByText('Welcome, Ada Admin!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });

  it('a refused save says so and switches nothing', async () => {
    const refuse = http.put(apiPath('/contact/:id'), () => errorAnswer(500, 'The server failed.'));
    renderShell('/admins', { viewer: admin, handlers: [refuse] });
    const select = await screen.findByRole('combobox', { name: 'Language' });

    await act(async () => fireEvent.change(select, { target: { value: 'de' } }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed.');
    expect(useSession.getState().language).toBe('en');
    expect(screen.getByText('Welcome, Ada Admin!')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  it('an unreachable server says so and switches nothing', async () => {
    const down = http.put(apiPath('/contact/:id'), () => HttpResponse.error());
    renderShell('/admins', { viewer: admin, handlers: [down] });
    await act(async () => fireEvent.change(await screen.findByRole('combobox', { name: 'Language' }), { target: { value: 'de' } }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be reached/);
    expect(useSession.getState().language).toBe('en');
  });
});
