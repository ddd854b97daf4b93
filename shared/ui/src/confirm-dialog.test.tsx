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

  it('keeps the words it was open with while it closes, though the caller has cleared them', async () => {
    const dialog = (open: boolean, message: string, title?: string) => (
      <PortalProvider>
        <ConfirmDialog open={open} title={title} message={message} confirmLabel={open ? 'Remove' : undefined} onConfirm={jest.fn()} onCancel={jest.fn()} />
      </PortalProvider>
    );
    const view = render(dialog(true, 'Remove Erin Evans from this company?', 'Remove contact'));
    await screen.findByRole('alertdialog');
    // Closing: what a caller passes once nothing is pending.
    view.rerender(dialog(false, ''));
    const closing = screen.getByRole('alertdialog', { hidden: true });
    expect(closing).toHaveTextContent('Remove Erin Evans from this company?');
    expect(closing).toHaveTextContent('Remove contact');
    expect(closing).not.toHaveTextContent('Please confirm');
  });
});
