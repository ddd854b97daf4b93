import { fireEvent, screen } from '@testing-library/react';
import { renderWithPortal } from '@portal/testing';
import type { CompanyInfoFormValues } from '@portal/ui';
import { CompanyInfoForm } from './company-info-form';

describe('the exposed CompanyInfoForm', () => {
  it('reports every keystroke so the caller can keep a draft, and submits name and url without a description', async () => {
    const typed: CompanyInfoFormValues[] = [];
    const submitted: CompanyInfoFormValues[] = [];
    renderWithPortal(
      <CompanyInfoForm
        withDescription={false}
        submitLabel="Add Contacts"
        onChange={(values) => typed.push(values)}
        onSubmit={async (values) => void submitted.push(values)}
      />,
    );
    expect(screen.queryByText('Description')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('Acme, LLC'), { target: { value: 'NewCo' } });
    fireEvent.change(screen.getByLabelText(/Website URL/), { target: { value: 'newco.test' } });
    expect(typed.at(-1)).toEqual({ name: 'NewCo', url: 'newco.test', description: '' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Contacts' }));
    expect(await screen.findByText('Company info saved.')).toBeInTheDocument();
    expect(submitted).toEqual([{ name: 'NewCo', url: 'newco.test', description: '' }]);
  });
});
