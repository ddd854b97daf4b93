import { screen } from '@testing-library/react';
import { anOption, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { preloadPage } from '../../settings-pages';
import { renderAdmin } from '../../test-support/render-admin';

readIn('de', adminMessages);
afterEach(() => window.sessionStorage.clear());

describe('the global type assignments in German', () => {
  it('names the screen and says in German what the map does', async () => {
    // Its code in first, as the remote's `ready` has it on a first screen: the screen's own loading state shows.
    await preloadPage('/admins/settings/assignments');
    renderAdmin('/admins/settings/assignments', { api: { options: [anOption('type_assignments', { question: 8 })] } });
    expect(screen.getByRole('heading', { name: 'Zuweisungen der Tickettypen' })).toBeInTheDocument();
    expect(screen.getByText('Neue Tickets eines Typs gehen an den zugehörigen Bearbeiter, sofern das Unternehmen den Typ nicht selbst zuweist.')).toBeInTheDocument();
    expect(screen.getByText('Wird geladen…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Zuweisungen speichern' })).toBeInTheDocument();
  });
});
