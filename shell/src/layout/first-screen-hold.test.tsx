import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { PortalProvider } from '@portal/ui';
import { FIRST_SCREEN_HOLD_MAX_MS, FirstScreenHold, takeFirstScreen } from './first-screen-hold';

const SERVER_MARKUP = '<h1>Acme, LLC</h1><span role="status" aria-label="Loading"></span>';

/** A page that shows a spinner until its data come (a click here), then its heading or an alert. */
function Page({ then = 'heading' }: { then?: 'heading' | 'alert' }) {
  const [loaded, setLoaded] = useState(false);
  const navigate = useNavigate();
  return (
    <div>
      <button type="button" onClick={() => setLoaded(true)}>data</button>
      <button type="button" onClick={() => navigate('/clients/1/info')}>elsewhere</button>
      {!loaded ? <span>spinner</span> : then === 'heading' ? <h1>Acme, LLC (app)</h1> : <div role="alert">You are not authorized to view this page.</div>}
    </div>
  );
}

function renderHold(markup: string | undefined, then?: 'heading' | 'alert') {
  return render(
    <PortalProvider>
      <MemoryRouter initialEntries={['/clients/1']}>
        <FirstScreenHold markup={markup}>
          <Page then={then} />
        </FirstScreenHold>
      </MemoryRouter>
    </PortalProvider>,
  );
}

describe('FirstScreenHold', () => {
  it("shows the server's first screen, the app's page hidden, until the page has its heading; then the page alone", async () => {
    renderHold(SERVER_MARKUP);
    expect(screen.getByRole('heading', { name: 'Acme, LLC' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'data' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'data', hidden: true }));

    // The swap comes from a MutationObserver: a microtask after the page's commit, before the browser paints.
    expect(await screen.findByRole('heading', { name: 'Acme, LLC (app)' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Acme, LLC' })).toBeNull();
    expect(screen.getByRole('button', { name: 'data' })).toBeInTheDocument();
  });

  it('lets the page show an alert in its place', async () => {
    renderHold(SERVER_MARKUP, 'alert');
    fireEvent.click(screen.getByRole('button', { name: 'data', hidden: true }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not authorized to view this page.');
    expect(screen.queryByRole('heading', { name: 'Acme, LLC' })).toBeNull();
  });

  it('lets go when the visitor moves to another address, or after the longest hold', () => {
    renderHold(SERVER_MARKUP);
    fireEvent.click(screen.getByRole('button', { name: 'elsewhere', hidden: true }));
    expect(screen.queryByRole('heading', { name: 'Acme, LLC' })).toBeNull();
    expect(screen.getByText('spinner')).toBeVisible();

    jest.useFakeTimers();
    try {
      renderHold(SERVER_MARKUP);
      expect(screen.getByRole('heading', { name: 'Acme, LLC' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(FIRST_SCREEN_HOLD_MAX_MS));
      expect(screen.queryByRole('heading', { name: 'Acme, LLC' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('renders the page alone when the page came without a first screen', () => {
    renderHold(undefined);
    expect(screen.getByRole('button', { name: 'data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it("takes the first screen's markup out of the server's page, and nothing from any other", () => {
    const root = document.createElement('div');
    root.innerHTML = `<header>Welcome, Casey Client!</header><main><div data-portal-first-screen="">${SERVER_MARKUP}</div></main>`;
    expect(takeFirstScreen(root)).toBe(SERVER_MARKUP);
    root.innerHTML = '<main><h1>Please Log In</h1></main>';
    expect(takeFirstScreen(root)).toBeUndefined();
  });
});
