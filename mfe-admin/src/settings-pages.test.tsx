import { screen } from '@testing-library/react';
import { pageKeyOf } from './settings-pages';
import { renderAdmin } from './test-support/render-admin';

describe('the settings pages, a chunk each', () => {
  it.each([
    ['/admins/settings/tags', 'tags'],
    ['/admins/settings/crm/mail-in', 'crm/mail-in'],
    ['/admins/settings/crm', 'crm/direct'],
    ['/admins/releases', 'releases'],
    ['/admins/settings/nothing', undefined],
    ['/admins/settings/crm/nothing', undefined],
    ['/admins', undefined],
    ['/agents/settings/tags', undefined],
  ])('%s is the page %s', (path, key) => {
    expect(pageKeyOf(path)).toBe(key);
  });

  it('shows the tabs and a spinner named Loading… while a tab opened for the first time arrives, then the tab', async () => {
    renderAdmin('/admins/settings/webhooks');
    expect(screen.getByRole('heading', { name: 'Admin Settings', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add webhook' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading…' })).toBeNull();
  });
});
