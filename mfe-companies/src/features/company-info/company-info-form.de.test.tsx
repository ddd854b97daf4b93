import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import { inGerman, readIn, renderWithPortal } from '@portal/testing';
import { CompanyInfoForm } from '../../company-info-form';
import { companiesMessages } from '../../messages';

readIn('de', companiesMessages);

describe('the exposed CompanyInfoForm in German', () => {
  it("labels its fields in German, keeps the caller's button label and names a bad Website URL", async () => {
    renderWithPortal(<CompanyInfoForm withDescription={false} submitLabel="Weiter zu den Kontakten" onSubmit={async () => undefined} />);
    expect(screen.getByRole('form', { name: 'Unternehmensdaten' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Name des Unternehmens/)).toHaveAttribute('placeholder', 'Muster GmbH');
    const url = screen.getByLabelText(/Website-URL/);
    expect(screen.queryByText('Beschreibung')).toBeNull();
    expect(screen.getByRole('button', { name: 'Weiter zu den Kontakten' })).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Name des Unternehmens/), { target: { value: 'Neue Firma GmbH' } });
    fireEvent.change(url, { target: { value: 'neuefirma' } });
    fireEvent.blur(url);
    expect(await screen.findByRole('alert')).toHaveTextContent(inGerman(MESSAGES.invalidCompanyUrl));
    expect(url).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers the description and its own button and saved note when the caller gives none', async () => {
    renderWithPortal(<CompanyInfoForm value={{ name: 'Neue Firma GmbH', url: 'https://neuefirma.test' }} onSubmit={async () => undefined} />);
    expect(screen.getByText('Markdown möglich')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unternehmensdaten aktualisieren' }));
    expect(await screen.findByText('Unternehmensdaten gespeichert.')).toBeInTheDocument();
  });
});
