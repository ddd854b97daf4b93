import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, aClient, apiPath, errorAnswer, http, inGerman, readIn } from '@portal/testing';
import { adminMessages } from '../../messages';
import { renderAdmin } from '../../test-support/render-admin';

// Manage Companies as a German admin reads it (docs/product/languages.md).

readIn('de', adminMessages);

const PATH = '/admins/settings/crm/companies';

describe('Manage Companies in German', () => {
  it("names the heading and each company's links and Delete in German", async () => {
    renderAdmin(PATH, { api: { companies: [aCompany({ url: 'acme.example' })], contacts: [anAdmin(), aClient()] } });
    expect(await screen.findByRole('heading', { name: 'Unternehmen verwalten' })).toBeInTheDocument();
    const acme = await screen.findByRole('row', { name: 'Acme, LLC' });
    expect(within(acme).getByRole('link', { name: 'Dashboard von Acme, LLC' })).toHaveAttribute('href', '/clients/4');
    expect(within(acme).getByRole('link', { name: 'Einstellungen von Acme, LLC' })).toHaveAttribute('title', 'Einstellungen');
    expect(within(acme).getByRole('link', { name: 'Website von Acme, LLC' })).toHaveAttribute('href', 'https://acme.example');
    expect(await within(acme).findByRole('link', { name: 'E-Mail an Cora Client' })).toHaveAttribute('href', 'mailto:client@demo.test');
    expect(within(acme).getByRole('link', { name: 'Cora Client anrufen' })).toHaveAttribute('href', 'tel:555-020-0001');
    expect(within(acme).getByRole('button', { name: 'Acme, LLC löschen' })).toHaveTextContent('Löschen');
  });

  it('asks in German before deleting, and says in German when the delete failed', async () => {
    renderAdmin(PATH, { handlers: [http.delete(apiPath('/company/:id'), () => errorAnswer(500, MESSAGES.unexpectedError))] });
    fireEvent.click(await screen.findByRole('button', { name: 'Acme, LLC löschen' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Acme, LLC löschen?' });
    expect(dialog).toHaveTextContent(inGerman(MESSAGES.confirmDeleteCompany));
    expect(inGerman(MESSAGES.confirmDeleteCompany)).not.toBe(MESSAGES.confirmDeleteCompany);
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Löschen' })));
    expect(await screen.findByText(inGerman(MESSAGES.deleteCompanyFailed))).toBeInTheDocument();
  });
});
