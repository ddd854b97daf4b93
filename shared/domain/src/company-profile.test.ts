import {
  COMPANY_PROFILE_TABS, companyInfoProblem, companyProfileTabsFor, isCompanyMetaKey, isCompanyProfileTab, isDeleteConfirmed,
  normalizeCompanyUrl,
  companyUrlKey, companyInfoFieldProblem, companyUrlProblem, isValidWebsiteUrl, withWebScheme,
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

  it('names the Website URL when it is not a web address', () => {
    const invalid = 'Please enter a valid Website URL, such as https://www.example.com.';
    for (const url of ['acme', 'not a site.com', 'ftp://acme.com', 'mailto:ann@acme.com', 'https://ann:pw@acme.com', 'acme.c0m', 'http:/acme.com']) {
      expect([url, companyInfoProblem({ name: 'Acme', url })]).toEqual([url, invalid]);
    }
    expect(companyInfoFieldProblem({ name: 'Acme', url: 'acme' })).toEqual({ field: 'url', message: invalid });
    expect(companyInfoFieldProblem({ name: '', url: 'acme' })).toEqual({ field: 'name', message: 'Please fill out all fields completely.' });
    expect(companyInfoFieldProblem({ name: 'Acme', url: ' ' })).toEqual({ field: 'url', message: 'Please fill out all fields completely.' });
    expect([companyUrlProblem('acme'), companyUrlProblem('https://'), companyUrlProblem('acme.com')]).toEqual([invalid, 'Please fill out all fields completely.', null]);
  });

  it('takes http(s) sites with paths, ports and international names', () => {
    for (const url of ['acme.com', 'www.acme.co.uk/shop?x=1#top', 'http://acme.com:8080/', 'HTTPS://Acme.COM', 'bücher.de', 'xn--bcher-kva.xn--p1ai']) {
      expect([url, isValidWebsiteUrl(url)]).toEqual([url, true]);
    }
  });

  it('stores a site typed without a scheme as https://', () => {
    expect(withWebScheme(' acme.com/shop ')).toBe('https://acme.com/shop');
    expect(withWebScheme('//acme.com')).toBe('https://acme.com');
    expect(withWebScheme('http://acme.com')).toBe('http://acme.com');
    expect(withWebScheme('HTTPS://acme.com')).toBe('HTTPS://acme.com');
    expect(withWebScheme('  ')).toBe('');
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
