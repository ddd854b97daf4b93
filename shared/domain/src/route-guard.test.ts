import { guardRoute, isGuardedPath } from './route-guard';

const admin = { groupId: 1, companyIds: [] };
const agent = { groupId: 3, companyIds: [] };
const client = { groupId: 5, companyIds: [4, 9] };
const loneClient = { groupId: 5, companyIds: [] };

describe('guardRoute', () => {
  it.each(['/', '/login', '/register', '/forgotpassword', '/resetpassword/abc', '/verifyemail/xyz', '/agreement', '/invoice', '/nowhere'])(
    'lets anyone open the public or unknown path %s',
    (path) => {
      expect(guardRoute(path, null)).toEqual({ kind: 'allow' });
      expect(isGuardedPath(path)).toBe(false);
    },
  );

  it.each(['/admins', '/admins/settings/crm/direct', '/agents', '/agents/7/time', '/clients', '/clients/4/tickets/2', '/ADMINS/', '/clients?x=1', '/search?q=safari'])(
    'sends a signed-out visitor of %s to login',
    (path) => {
      expect(guardRoute(path, null)).toEqual({ kind: 'login' });
      expect(isGuardedPath(path)).toBe(true);
    },
  );

  it('opens the Security page to anyone signed in, and asks a visitor to sign in', () => {
    for (const viewer of [admin, agent, client, loneClient]) expect(guardRoute('/security', viewer)).toEqual({ kind: 'allow' });
    expect(guardRoute('/security', null)).toEqual({ kind: 'login' });
  });

  it('sends a user who must enrol a second factor to /security from every other page, public ones too', () => {
    const waiting = { ...agent, enrolRequired: true };
    for (const path of ['/agents', '/admins/settings', '/clients/4', '/search?q=x', '/login', '/agreement', '/nowhere']) {
      expect(guardRoute(path, waiting)).toEqual({ kind: 'redirect', to: '/security' });
    }
    expect(guardRoute('/security', waiting)).toEqual({ kind: 'allow' });
    expect(guardRoute('/agents', { ...agent, enrolRequired: false })).toEqual({ kind: 'allow' });
  });

  it('opens the search page to anyone signed in', () => {
    for (const viewer of [admin, agent, client, loneClient]) expect(guardRoute('/search?q=x', viewer)).toEqual({ kind: 'allow' });
  });

  it('does not treat a look-alike prefix as guarded', () => {
    expect(guardRoute('/adminsx', null)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clientsarea', null)).toEqual({ kind: 'allow' });
  });

  it('opens /admins to group 1 only and sends everyone else to /', () => {
    expect(guardRoute('/admins/invoices/2', admin)).toEqual({ kind: 'allow' });
    expect(guardRoute('/admins', agent)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/admins/stats', client)).toEqual({ kind: 'redirect', to: '/' });
    expect(guardRoute('/Admins', agent)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('lets staff open agent pages and any company', () => {
    expect(guardRoute('/agents/7/tickets', agent)).toEqual({ kind: 'allow' });
    expect(guardRoute('/agents', admin)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clients/123/info', agent)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clients/123', admin)).toEqual({ kind: 'allow' });
  });

  it('keeps clients out of agent pages', () => {
    expect(guardRoute('/agents/7/tickets', client)).toEqual({ kind: 'redirect', to: '/clients' });
    expect(guardRoute('/agents', client)).toEqual({ kind: 'redirect', to: '/clients' });
  });

  it('lets clients open their own companies', () => {
    expect(guardRoute('/clients', client)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clients/4', client)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clients/9/tickets/12', client)).toEqual({ kind: 'allow' });
    expect(guardRoute('/clients', loneClient)).toEqual({ kind: 'allow' });
  });

  it('sends a client opening another company to their first company, or /clients when they have none', () => {
    expect(guardRoute('/clients/5/tickets/1', client)).toEqual({ kind: 'redirect', to: '/clients/4' });
    expect(guardRoute('/clients/abc', client)).toEqual({ kind: 'redirect', to: '/clients/4' });
    expect(guardRoute('/clients/04x', client)).toEqual({ kind: 'redirect', to: '/clients/4' });
    expect(guardRoute('/clients/4', loneClient)).toEqual({ kind: 'redirect', to: '/clients' });
  });
});
