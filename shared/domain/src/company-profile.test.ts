import {
  COMPANY_PROFILE_TABS, companyInfoProblem, companyProfileTabsFor, isCompanyMetaKey, isCompanyProfileTab, isDeleteConfirmed,
  normalizeCompanyUrl,
  companyUrlKey,
} from './company-profile';
import type { Viewer } from './policy';

const viewer = (groupId: number, primaryCompanyIds: number[] = []): Viewer => ({
  contactId: 1, groupId, companyIds: primaryCompanyIds, primaryCompanyIds,
});

describe('company profile settings', () => {
  it('shows assignments and delete to admins only', () => {
    expect(companyProfileTabsFor(viewer(1))).toEqual([...COMPANY_PROFILE_TABS]);
    expect(companyProfileTabsFor(viewer(2))).toEqual(['info', 'contacts', 'prefs']);
    expect(companyProfileTabsFor(viewer(5, [4]))).toEqual(['info', 'contacts', 'prefs']);
  });

  it('knows its tabs and meta keys', () => {
    expect(isCompanyProfileTab('prefs')).toBe(true);
    expect(isCompanyProfileTab('tickets')).toBe(false);
    expect(isCompanyMetaKey('maintenance_prefs')).toBe(true);
    expect(isCompanyMetaKey('reset_code')).toBe(false);
  });

  it('compares URLs without scheme, www., trailing slash or case', () => {
    expect(normalizeCompanyUrl('https://www.Acme.com/')).toBe('acme.com');
    expect(normalizeCompanyUrl(' http://acme.com//')).toBe('acme.com');
    expect(normalizeCompanyUrl('acme.com/shop/')).toBe('acme.com/shop');
    expect(normalizeCompanyUrl('wwwx.com')).toBe('wwwx.com');
  });

  it('needs a name and a url', () => {
    expect(companyInfoProblem({ name: ' ', url: 'acme.com' })).toBe('Please fill out all fields completely.');
    expect(companyInfoProblem({ name: 'Acme', url: 'https://' })).toBe('Please fill out all fields completely.');
    expect(companyInfoProblem({ name: 'Acme', url: 'acme.com' })).toBeNull();
  });

  it('deletes only on the exact word DELETE', () => {
    expect(isDeleteConfirmed('DELETE')).toBe(true);
    expect(isDeleteConfirmed('delete')).toBe(false);
    expect(isDeleteConfirmed(' DELETE')).toBe(false);
  });
});

describe('companyUrlKey', () => {
  it('is the normalized site, or null when there is none', () => {
    expect(companyUrlKey('https://www.Acme.com/')).toBe('acme.com');
    expect(companyUrlKey('')).toBeNull();
    expect(companyUrlKey('https://')).toBeNull();
    expect(companyUrlKey(null)).toBeNull();
  });
});
