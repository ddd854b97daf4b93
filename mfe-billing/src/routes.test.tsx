import { screen } from '@testing-library/react';
import { aClient, anAdmin, anOption } from '@portal/testing';
import { renderBilling } from './test-support/render-billing';

const admin = anAdmin();

describe('the billing remote', () => {
  it.each([
    ['/agreement', 'Maintenance Agreement'],
    ['/invoice', 'Invoice'],
    ['/admins/invoices', 'Invoices'],
    ['/clients/4/invoices', 'Invoices'],
  ])('%s shows the %s heading', async (path, heading) => {
    renderBilling(path, { viewer: admin });
    expect(await screen.findByRole('heading', { name: heading, level: 1 })).toBeInTheDocument();
  });

  it("wraps its pages in the remote's build label", () => {
    renderBilling('/invoice', { viewer: admin });
    expect(document.querySelector('[data-remote="billing"]')).toHaveAttribute('data-remote-version', 'dev');
  });

  it('states the agreement rates from the domain constants, or from the rates option', async () => {
    const view = renderBilling('/agreement', { viewer: admin });
    expect(screen.getByText(/\$100\.00 per hour standard and \$50\.00 per hour for meetings/)).toBeInTheDocument();
    expect(screen.getByText(/first 14 days of each month/)).toBeInTheDocument();
    expect(screen.getByText(/30-day warranty/)).toBeInTheDocument();
    view.unmount();
    renderBilling('/agreement', { viewer: admin, api: { options: [anOption('rates', { unitPriceUsd: 12, meetingHourlyUsd: 60 })] } });
    expect(await screen.findByText(/\$120\.00 per hour standard and \$60\.00 per hour for meetings/)).toBeInTheDocument();
  });

  it('sends an admin from /invoice to the invoices screen and a primary contact to their company invoices', () => {
    const view = renderBilling('/invoice', { viewer: admin });
    expect(screen.getByRole('link', { name: 'invoices screen' })).toHaveAttribute('href', '/admins/invoices');
    view.unmount();
    renderBilling('/invoice', { viewer: aClient() });
    expect(screen.getByRole('link', { name: 'Acme, LLC invoices' })).toHaveAttribute('href', '/clients/4/invoices');
  });

  it('shows its own not-found page for paths it does not own', () => {
    const view = renderBilling('/agreement/extra', { viewer: admin });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    view.unmount();
    renderBilling('/admins/invoices/abc', { viewer: admin });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
