import { screen } from '@testing-library/react';
import { anAdmin, aNotification } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';

const withNotifications = (count: number) =>
  renderShell('/admins', {
    viewer: anAdmin(),
    api: { notifications: Array.from({ length: count }, (_, index) => aNotification({ notification_id: index + 1 })) },
  });

describe('notification bell badge', () => {
  it('names the bell "Notifications" and shows no badge when there are none', async () => {
    withNotifications(0);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('draws the count inside the badge and names the button with it', async () => {
    withNotifications(3);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    const badge = screen.getByTestId('notification-count');
    expect(badge).toHaveTextContent(/^3$/);
    expect(bell).toContainElement(badge);
  });

  it('counts the unread ones only, and none once all are read', async () => {
    renderShell('/admins', {
      viewer: anAdmin(),
      api: { notifications: [aNotification(), aNotification({ notification_id: 2, date_read: '2026-11-20T16:00:00.000Z' }), aNotification({ notification_id: 3 })] },
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent(/^2$/);
  });

  it('shows no badge when every notification is read', async () => {
    renderShell('/admins', { viewer: anAdmin(), api: { notifications: [aNotification({ date_read: '2026-11-20T16:00:00.000Z' })] } });
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });

  it('shows 99+ above 99', async () => {
    withNotifications(120);
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent(/^99\+$/);
  });
});
