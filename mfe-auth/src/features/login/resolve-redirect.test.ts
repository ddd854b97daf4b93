import { resolveRedirect } from './resolve-redirect';

describe('resolveRedirect', () => {
  it('follows a local redirect parameter', () => {
    expect(resolveRedirect('?redirect=%2Fadmins%2Fsettings', null, '/admins')).toBe('/admins/settings');
  });

  it('falls back to the page the user came from', () => {
    expect(resolveRedirect('', { from: '/clients/4?tab=1' }, '/clients')).toBe('/clients/4?tab=1');
  });

  it.each(['//evil.example/x', 'https://evil.example/', '/\\evil.example', 'admins'])('refuses %s', (target) => {
    expect(resolveRedirect(`?redirect=${encodeURIComponent(target)}`, { from: '/agents' }, '/clients')).toBe('/clients');
  });

  it('goes to the dashboard when nothing was asked for, or the login screen itself was', () => {
    expect(resolveRedirect('', undefined, '/agents')).toBe('/agents');
    expect(resolveRedirect('?redirect=%2Flogin', null, '/agents')).toBe('/agents');
  });
});
