import { fireEvent, render, screen } from '@testing-library/react';
import { PortalProvider } from './portal-provider';
import { RemoteErrorBoundary } from './remote-error-boundary';

function Broken(): never {
  throw new Error('RUNTIME-008: Failed to load script resources.');
}

describe('RemoteErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('says the part could not be loaded in plain words, folds what failed away under Details, and offers Retry', () => {
    const onRetry = jest.fn();
    render(
      <PortalProvider>
        <RemoteErrorBoundary label="dashboards" onRetry={onRetry}>
          <Broken />
        </RemoteErrorBoundary>
      </PortalProvider>,
    );

    expect(screen.getByRole('alert')).toHaveTextContent('This part of the portal could not be loaded.');
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    const details = screen.getByText('Details').closest('details');
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('dashboards: RUNTIME-008: Failed to load script resources.');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
