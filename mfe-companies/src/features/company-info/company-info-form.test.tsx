import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
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
    // What is sent is what will be stored: a site typed without a scheme gets https://, shown in the field too.
    expect(submitted).toEqual([{ name: 'NewCo', url: 'https://newco.test', description: '' }]);
    expect(screen.getByLabelText(/Website URL/)).toHaveValue('https://newco.test');
    expect(typed.at(-1)).toEqual({ name: 'NewCo', url: 'https://newco.test', description: '' });
  });

  it('names a Website URL that is not a web address, as the field is left and on submit, and submits nothing', async () => {
    const submitted: CompanyInfoFormValues[] = [];
    renderWithPortal(<CompanyInfoForm withDescription={false} submitLabel="Add Contacts" onSubmit={async (values) => void submitted.push(values)} />);
    fireEvent.change(screen.getByPlaceholderText('Acme, LLC'), { target: { value: 'NewCo' } });
    const url = screen.getByLabelText(/Website URL/);
    fireEvent.change(url, { target: { value: 'newco' } });
    fireEvent.blur(url);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.invalidCompanyUrl);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Add Contacts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid Website URL');
    expect(submitted).toEqual([]);

    fireEvent.change(url, { target: { value: 'www.newco.test' } });
    expect(url).not.toHaveAttribute('aria-invalid');
    fireEvent.blur(url);
    expect(url).toHaveValue('https://www.newco.test');
  });
});
