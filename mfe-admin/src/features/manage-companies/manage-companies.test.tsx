import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, aClient, apiPath, errorAnswer, http } from '@portal/testing';
import { renderAdmin } from '../../test-support/render-admin';

const LONG = 'Zebra Crossing Digital Marketing Agency of the North';

describe('Manage Companies', () => {
  it('lists companies alphabetically with initials, cut names and their links', async () => {
    renderAdmin('/admins/settings/crm/companies', {
      api: { companies: [aCompany({ company_id: 9, name: LONG, url: 'zebra.example' }), aCompany()], contacts: [anAdmin(), aClient()] },
    });
    const rows = await screen.findAllByRole('row');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual(['Acme, LLC', LONG]);
    const zebra = rows[1] as HTMLElement;
    expect(zebra).toHaveTextContent('ZCDM');
    expect(zebra).toHaveTextContent('Zebra Crossing Digital Marketi...');
    expect(within(zebra).getByRole('link', { name: `${LONG} dashboard` })).toHaveAttribute('href', '/clients/9');
    expect(within(zebra).getByRole('link', { name: `${LONG} settings` })).toHaveAttribute('href', '/clients/9/info');
    expect(within(zebra).getByRole('link', { name: `${LONG} website` })).toHaveAttribute('href', 'https://zebra.example');
    const acme = rows[0] as HTMLElement;
    expect(await within(acme).findByRole('link', { name: 'E-mail Cora Client' })).toHaveAttribute('href', 'mailto:client@demo.test');
    expect(within(acme).getByRole('link', { name: 'Call Cora Client' })).toHaveAttribute('href', 'tel:555-020-0001');
  });

  it('deletes a company after the confirmation', async () => {
    const view = renderAdmin('/admins/settings/crm/companies');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Acme, LLC' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteCompany);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' })));
    expect(view.writes()).toEqual([{ method: 'DELETE', url: '/api/company/4', body: undefined }]);
    expect(await screen.findByText('Manage Companies')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'Acme, LLC' })).toBeNull();
  });

  it('says the delete failed', async () => {
    renderAdmin('/admins/settings/crm/companies', {
      handlers: [http.delete(apiPath('/company/:id'), () => errorAnswer(500, MESSAGES.unexpectedError))],
    });
    await screen.findByRole('link', { name: 'E-mail Cora Client' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Acme, LLC' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' })));
    expect(await screen.findByText(MESSAGES.deleteCompanyFailed)).toBeInTheDocument();
  });
});
