import { fireEvent, render, screen } from '@testing-library/react';
import { ConfirmDialog } from './confirm-dialog';
import { PortalProvider } from './portal-provider';

describe('ConfirmDialog', () => {
  it('asks and reports the answer', async () => {
    const onConfirm = jest.fn();
    const onCancel = jest.fn();
    render(
      <PortalProvider>
        <ConfirmDialog open message="This will permanently remove this notification. Are you sure?" onConfirm={onConfirm} onCancel={onCancel} />
      </PortalProvider>,
    );

    expect(await screen.findByRole('alertdialog')).toHaveTextContent('This will permanently remove this notification. Are you sure?');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows nothing when closed', () => {
    render(
      <PortalProvider>
        <ConfirmDialog open={false} message="Sure?" onConfirm={jest.fn()} onCancel={jest.fn()} />
      </PortalProvider>,
    );
    expect(screen.queryByText('Sure?')).toBeNull();
  });
});
