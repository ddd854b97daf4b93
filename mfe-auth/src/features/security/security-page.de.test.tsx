import { act, fireEvent, screen, within } from '@testing-library/react';
import { aClient, aSecurityOverview, aSecurityState, aSession, createMockApi, readIn, renderWithPortal, type SecurityState } from '@portal/testing';
import { authMessages } from '../../messages';
import { RemoteRoutes } from '../../routes';

beforeAll(() => import('./security-page'), 30_000);

jest.mock('@simplewebauthn/browser', () => ({ startAuthentication: jest.fn(), startRegistration: jest.fn() }));

// jsdom draws nothing: the QR code's canvas has no 2D context here.
beforeAll(() => jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null));
afterAll(() => jest.restoreAllMocks());

readIn('de', authMessages);

function renderSecurity(security: Partial<SecurityState> = {}) {
  const api = createMockApi({ security: aSecurityState(security) });
  return renderWithPortal(<RemoteRoutes />, { route: '/security', viewer: aClient(), api, stops: ['agents', 'clients'] });
}

const section = (name: string) => screen.findByRole('region', { name });
const click = (element: HTMLElement) => act(async () => fireEvent.click(element));

describe('the Security page in German', () => {
  it('names its sections in German and sets up the authenticator app in German', async () => {
    renderSecurity();

    expect(await screen.findByRole('heading', { name: 'Sicherheit', level: 1 })).toBeInTheDocument();
    const app = await section('Authenticator-App');
    expect(within(app).getByText('Aus')).toBeInTheDocument();
    expect(await section('Passkeys')).toHaveTextContent('Passkey hinzufügen');
    expect(await section('Wiederherstellungscodes')).toHaveTextContent(
      'Sie erhalten Wiederherstellungscodes, sobald Sie eine Authenticator-App aktivieren oder einen Passkey hinzufügen.',
    );
    expect(await section('Wo Sie angemeldet sind')).toHaveTextContent('Überall sonst abmelden');
    expect(await within(await section('API-Tokens')).findByText('Noch keine API-Tokens.')).toBeInTheDocument();

    await click(within(app).getByRole('button', { name: 'Einrichten' }));
    expect(await within(app).findByRole('img', { name: 'QR-Code für Ihre Authenticator-App' })).toBeInTheDocument();
    expect(within(app).getByLabelText('Code aus der App')).toBeInTheDocument();
    expect(within(app).getByRole('button', { name: 'Aktivieren' })).toBeInTheDocument();
    expect(within(app).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('writes the date the app is on since and the codes left in German', async () => {
    renderSecurity({
      overview: aSecurityOverview({ totp: { enabled: true, date_enabled: '2026-11-01T10:00:00.000Z' }, recovery_codes: { remaining: 8 } }),
    });
    const app = await section('Authenticator-App');
    // The date is the page's DateText inside the German sentence.
    expect(app).toHaveTextContent(/Bei der Anmeldung wird ein Code aus Ihrer App abgefragt \(aktiv seit \S+\)\./);
    expect(app.querySelector('time')).toHaveAttribute('datetime', '2026-11-01T10:00:00.000Z');
    expect(within(app).getByText('Aktiv')).toBeInTheDocument();
    expect(await section('Wiederherstellungscodes')).toHaveTextContent(/\d+ von 10 Wiederherstellungscodes übrig\. Mit jedem können Sie sich einmal anmelden/);
  });

  it('lists the sessions in German', async () => {
    renderSecurity({
      sessions: [aSession({ id: 1, current: true }), aSession({ id: 2, current: false, browser: 'Firefox 133', system: 'Windows', address: '10.0.0.7' })],
    });
    const sessions = await section('Wo Sie angemeldet sind');
    expect(await within(sessions).findByText('Diese Sitzung')).toBeInTheDocument();
    expect(within(sessions).getByRole('button', { name: 'Firefox 133 unter Windows, 10.0.0.7 abmelden' })).toBeInTheDocument();
    expect(within(sessions).getByRole('columnheader', { name: 'Zuletzt aktiv' })).toBeInTheDocument();
  });
});
