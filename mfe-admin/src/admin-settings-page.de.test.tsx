import { fireEvent, screen } from '@testing-library/react';
import { readIn } from '@portal/testing';
import { adminMessages } from './messages';
import { renderAdmin } from './test-support/render-admin';

// The Admin Settings frame (its heading, tabs and crm sections) as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

describe('the admin settings frame in German', () => {
  it('names the page, the tabs and the crm sections in German', async () => {
    renderAdmin('/admins/settings');
    expect(await screen.findByRole('heading', { name: 'Admin-Einstellungen' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Einstellungsbereiche' });
    expect(Array.from(tabs.querySelectorAll('a'), (link) => link.textContent)).toEqual([
      'CRM', 'Zuweisungen', 'Standardwerte', 'Textbausteine', 'Schlagwörter', 'Reaktionszeiten', 'Wartung', 'Protokoll', 'Sicherheit', 'Webhooks',
    ]);
    expect(screen.getByRole('link', { name: 'CRM' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('navigation', { name: 'CRM-Bereiche' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Direktnachrichten' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('region', { name: 'Direktnachrichten' })).toBeInTheDocument();
    for (const [name, href] of [['Bearbeiter', 'agents'], ['Unternehmen', 'companies'], ['E-Mail-Eingang', 'mail-in']]) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/admins/settings/crm/${href}`);
    }
    expect(screen.getByRole('link', { name: /Abläufe/ })).toHaveTextContent('Abläufedemnächst');
  });

  it('says in German that a section is coming soon', async () => {
    renderAdmin('/admins/settings/crm/campaigns');
    expect(await screen.findByRole('heading', { name: 'Kampagnen' })).toBeInTheDocument();
    expect(screen.getByText('Kampagnen folgen in Kürze.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: /Abläufe/ }));
    expect(await screen.findByText('Abläufe folgen in Kürze.')).toBeInTheDocument();
  });
});
