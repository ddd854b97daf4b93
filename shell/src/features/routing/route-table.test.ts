import { remoteForPath } from './route-table';

describe('remoteForPath', () => {
  it.each([
    ['/', 'auth'], ['/login', 'auth'], ['/register', 'auth'], ['/forgotpassword', 'auth'],
    ['/resetpassword/abc', 'auth'], ['/verifyemail/xyz', 'auth'], ['/admins', 'dashboards'],
    ['/admins/settings/crm', 'admin'], ['/admins/settings', 'admin'], ['/admins/invoices', 'billing'], ['/admins/invoices/2', 'billing'], ['/clients/4/invoices', 'billing'], ['/clients/4/invoices/7', 'billing'], ['/agents/2/tickets', 'dashboards'], ['/clients/4/tickets/9', 'tickets'], ['/clients/4/tickets', 'dashboards'], ['/clients/4', 'dashboards'], ['/clients', 'dashboards'], ['/admins', 'dashboards'],
    ['/agreement', 'billing'], ['/invoice', 'billing'], ['/Login', 'auth'],
  ])('%s belongs to %s', (path, remote) => {
    expect(remoteForPath(path)).toBe(remote);
  });

  it.each(['/no-such-page', '/login/extra', '/invoice/3'])('%s belongs to no remote', (path) => {
    expect(remoteForPath(path)).toBeNull();
  });
});
