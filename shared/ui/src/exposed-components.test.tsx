import { render, screen } from '@testing-library/react';
import { ExposedComponent, type NewTicketFormProps } from './exposed-components';
import { PortalProvider } from './portal-provider';
import { RemoteLoaderProvider, type LoadRemoteModule } from './remote-component';

function FakeForm({ companyId }: NewTicketFormProps) {
  return <p>Form for company {companyId}</p>;
}

describe('ExposedComponent', () => {
  it("loads `<remote>/<Export>` from the remote's `./<Export>` module and passes the declared props", async () => {
    const load = jest.fn<ReturnType<LoadRemoteModule>, Parameters<LoadRemoteModule>>(async () => ({ NewTicketForm: FakeForm }));
    render(
      <PortalProvider>
        <RemoteLoaderProvider load={load}>
          <ExposedComponent name="tickets/NewTicketForm" props={{ companyId: 4 }} />
        </RemoteLoaderProvider>
      </PortalProvider>,
    );

    expect(await screen.findByText('Form for company 4')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('tickets', './NewTicketForm');
  });
});
