import { isLocalPath, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('keeps local paths with their query and hash', () => {
    expect(safeRedirect('/clients/3/tickets/7', '/agents')).toBe('/clients/3/tickets/7');
    expect(safeRedirect('/admins?tab=crm#x', '/agents')).toBe('/admins?tab=crm#x');
    expect(safeRedirect('/', '/agents')).toBe('/');
  });

  it.each([
    ['protocol-relative', '//evil.test/path'],
    ['backslash host', '/\\evil.test'],
    ['backslash later', '/a\\b'],
    ['absolute URL', 'https://evil.test/'],
    ['javascript URL', 'javascript:alert(1)'],
    ['relative path', 'clients/1'],
    ['empty', ''],
    ['tab trick', '/\t/evil.test'],
    ['newline', '/x\n'],
  ])('falls back for %s', (_name, target) => {
    expect(safeRedirect(target, '/clients')).toBe('/clients');
  });

  it.each([null, undefined, 42, {}, ['/a'], true])('falls back for the non-string %p', (target) => {
    expect(safeRedirect(target, '/admins')).toBe('/admins');
    expect(isLocalPath(target)).toBe(false);
  });
});
