import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { anAgent } from '@portal/testing';
import { renderAdmin } from './test-support/render-admin';

describe('the admin settings remote', () => {
  it('opens /admins/settings on crm / Direct Messaging and reaches every tab and section', async () => {
    renderAdmin('/admins/settings');
    expect(await screen.findByRole('heading', { name: 'Admin Settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRM' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Direct Messaging' })).toHaveAttribute('aria-current', 'page');

    for (const [section, href] of [['Agents', 'agents'], ['Companies', 'companies'], ['Direct Messaging', 'direct']]) {
      expect(screen.getByRole('link', { name: section })).toHaveAttribute('href', `/admins/settings/crm/${href}`);
    }
    expect(screen.getByRole('link', { name: /Flows/ })).toHaveTextContent('coming soon');
    fireEvent.click(screen.getByRole('link', { name: /Campaigns/ }));
    expect(await screen.findByText('Campaigns are coming soon.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'Assignments' }));
    expect(await screen.findByRole('heading', { name: 'Ticket type assignments' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Defaults' }));
    expect(await screen.findByRole('heading', { name: 'Ticket options' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute('href', '/admins/settings/audit');
    fireEvent.click(screen.getByRole('link', { name: 'Audit' }));
    expect(await screen.findByRole('heading', { name: 'Audit trail' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens crm on direct when no section is given, and shows not-found for unknown tabs', async () => {
    const view = renderAdmin('/admins/settings/crm');
    expect(await screen.findByRole('link', { name: 'Direct Messaging' })).toHaveAttribute('aria-current', 'page');
    view.unmount();
    renderAdmin('/admins/settings/billing');
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });

  it('tells a non-admin they are not authorised', async () => {
    renderAdmin('/admins/settings/defaults', { viewer: anAgent() });
    expect(await screen.findByText(MESSAGES.notAuthorized)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Admin Settings' })).toBeNull();
  });
});
