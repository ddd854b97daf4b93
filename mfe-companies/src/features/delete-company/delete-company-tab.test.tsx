import { act, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { aCompany, anAdmin, apiPath, errorAnswer, http, renderWithPortal } from '@portal/testing';
import { DeleteCompanyTab } from './delete-company-tab';

describe('the delete tab', () => {
  it('deletes only after the exact word DELETE and the confirmation, then goes to /admins', async () => {
    const view = renderWithPortal(<DeleteCompanyTab company={aCompany()} />, { viewer: anAdmin(), route: '/clients/4/delete', stops: ['/admins'] });
    const button = screen.getByRole('button', { name: 'Delete Company' });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'delete' } });
    expect(button).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(MESSAGES.confirmDeleteCompany);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Company' })));
    expect(await screen.findByTestId('where')).toHaveTextContent('/admins');
    expect(view.writes()).toEqual([{ method: 'DELETE', url: '/api/company/4', body: undefined }]);
    expect(view.api.db.companies).toEqual([]);
  });

  it('says the delete failed and stays', async () => {
    renderWithPortal(<DeleteCompanyTab company={aCompany()} />, {
      viewer: anAdmin(),
      handlers: [http.delete(apiPath('/company/:id'), () => errorAnswer(500, MESSAGES.unexpectedError))],
    });
    fireEvent.change(screen.getByLabelText('Type DELETE to confirm'), { target: { value: 'DELETE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Company' }));
    await act(async () => fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Company' })));
    expect(await screen.findByText(MESSAGES.deleteCompanyFailed)).toBeInTheDocument();
  });
});
