import { act, fireEvent, render, screen } from '@testing-library/react';
import { PortalProvider } from './portal-provider';
import { RemoteComponent, RemoteLoaderProvider, type LoadRemoteModule } from './remote-component';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

function renderRemote(load: LoadRemoteModule) {
  return render(
    <PortalProvider>
      <RemoteLoaderProvider load={load}>
        <RemoteComponent remote="tickets" module="./Greeting" exportName="Greeting" props={{ name: 'Ada' }} />
      </RemoteLoaderProvider>
    </PortalProvider>,
  );
}

describe('RemoteComponent', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("loads the remote's exposed module and renders the named export with the props", async () => {
    const load = jest.fn<ReturnType<LoadRemoteModule>, Parameters<LoadRemoteModule>>(async () => ({ Greeting }));
    renderRemote(load);

    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledWith('tickets', './Greeting');
  });

  it('shows an error panel when the remote is down, and Retry loads it again', async () => {
    let down = true;
    const load = jest.fn<ReturnType<LoadRemoteModule>, Parameters<LoadRemoteModule>>(async () => {
      if (down) throw new Error('RUNTIME-008');
      return { Greeting };
    });
    renderRemote(load);

    expect(await screen.findByText('This part of the portal could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText(/RUNTIME-008/)).toBeInTheDocument();
    down = false;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));

    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a module without the named export as an error', async () => {
    renderRemote(async () => ({ Other: Greeting }));
    expect(await screen.findByText(/does not export Greeting from \.\/Greeting/)).toBeInTheDocument();
  });

  it('says what is missing when no loader is provided', () => {
    expect(() =>
      render(<RemoteComponent remote="tickets" module="./Greeting" exportName="Greeting" props={{ name: 'Ada' }} />),
    ).toThrow('RemoteComponent needs a <RemoteLoaderProvider> above it.');
  });
});
