import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@portal/domain';
import type { Notification } from '@portal/contract';
import { anAdmin, aNotification } from '@portal/testing';
import { renderShell } from '../../test-support/render-shell';

const openWith = (notifications: Notification[]) => renderShell('/admins', { viewer: anAdmin(), api: { notifications } });

async function openBell() {
  const bell = await screen.findByRole('button', { name: /^Notifications/ });
  await act(async () => fireEvent.click(bell));
  return screen.findByRole('dialog');
}

describe('notification bell', () => {
  it('is a button that says it opens a dialog, and has the focus back when the panel closes', async () => {
    openWith([]);
    const bell = await screen.findByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveAttribute('aria-haspopup', 'dialog');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    const panel = await openBell();
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Close' })));
    await waitFor(() => expect(bell).toHaveFocus());
    expect(bell).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the empty state', async () => {
    openWith([]);
    const panel = await openBell();
    expect(await within(panel).findByText(MESSAGES.noNotifications)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Delete All Notifications' })).toBeInTheDocument();
  });

  it('lists notifications with date, truncated note, a count badge and a go-to-ticket icon only when a ticket is set', async () => {
    const long = 'x'.repeat(150);
    openWith([aNotification(), aNotification({ notification_id: 2, ticket_id: 12, note: long })]);
    expect(await screen.findByTestId('notification-count')).toHaveTextContent('2');

    const panel = await openBell();
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Ticket 12 was updated')).toBeInTheDocument();
    expect(within(items[0]!).getByText('11/20/2026')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Go to ticket' })).toBeNull();
    expect(within(items[1]!).getByText(`${'x'.repeat(100)}...`)).toBeInTheDocument();
    expect(within(items[1]!).getByRole('button', { name: 'Go to ticket' })).toBeInTheDocument();
  });

  it('deletes one notification after its confirmation', async () => {
    openWith([aNotification(), aNotification({ notification_id: 2, note: 'Second one' })]);
    const panel = await openBell();
    const second = (await within(panel).findByText('Second one')).closest('li')!;

    await act(async () => fireEvent.click(within(second as HTMLElement).getByRole('button', { name: 'Delete notification' })));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(MESSAGES.confirmDeleteNotification);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));

    await waitFor(() => expect(screen.queryByText('Second one')).toBeNull());
    expect(screen.getByText('Ticket 12 was updated')).toBeInTheDocument();
  });

  it('cancelling the confirmation keeps the notification', async () => {
    openWith([aNotification()]);
    const panel = await openBell();
    await act(async () => fireEvent.click(await within(panel).findByRole('button', { name: 'Delete notification' })));
    const confirm = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' })));

    expect(screen.getByText('Ticket 12 was updated')).toBeInTheDocument();
  });

  it('deletes all notifications after its confirmation', async () => {
    openWith([aNotification(), aNotification({ notification_id: 2, note: 'Second one' })]);
    const panel = await openBell();
    await within(panel).findByText('Second one');

    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Delete All Notifications' })));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(MESSAGES.confirmDeleteAllNotifications);
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' })));

    expect(await screen.findByText(MESSAGES.noNotifications)).toBeInTheDocument();
  });

  it('saves the sending preferences to note_prefs', async () => {
    const view = openWith([]);
    const panel = await openBell();

    await act(async () => fireEvent.click(within(panel).getByRole('checkbox', { name: /daily/i })));

    await waitFor(() => expect(view.writes()).toEqual([{
      method: 'PUT',
      url: '/api/contact/1/meta/note_prefs',
      body: { meta_key: 'note_prefs', meta_value: '{"sendHourly":false,"sendDaily":true,"sendWeekly":false}' },
    }]));
    await waitFor(() => expect(within(panel).getByRole('checkbox', { name: /daily/i })).toBeChecked());
  });

  it('says so when the ticket of a notification cannot be opened', async () => {
    openWith([aNotification({ ticket_id: 12 })]);
    const panel = await openBell();
    await act(async () => fireEvent.click(await within(panel).findByRole('button', { name: 'Go to ticket' })));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('Ticket not found.');
  });

  it('marks an unread one, says so to screen readers, and reads it when it is opened', async () => {
    const view = openWith([aNotification(), aNotification({ notification_id: 2, ticket_id: 12, note: 'Opened one' })]);
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    const panel = await openBell();
    const opened = (await within(panel).findByText('Opened one')).closest('li') as HTMLElement;
    expect(opened).toHaveTextContent(/^Unread\./);

    await act(async () => fireEvent.click(within(opened).getByRole('button', { name: 'Go to ticket' })));

    await waitFor(() => expect(view.writes()).toContainEqual(expect.objectContaining({ method: 'PUT', url: '/api/notifications/2/read' })));
    await waitFor(() => expect(within(opened).queryByRole('button', { name: 'Mark as read' })).toBeNull());
    expect(opened).not.toHaveTextContent(/Unread/);
    // The open panel hides the page behind it from assistive technology: the bell is found all the same.
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
    expect(screen.getByTestId('notification-count')).toHaveTextContent(/^1$/);
  });

  it('marks one read with its own button, then all with Mark all as read, and the badge goes', async () => {
    const view = openWith([aNotification(), aNotification({ notification_id: 2, note: 'Second one' }), aNotification({ notification_id: 3, note: 'Third one' })]);
    const panel = await openBell();
    const second = (await within(panel).findByText('Second one')).closest('li') as HTMLElement;

    await act(async () => fireEvent.click(within(second).getByRole('button', { name: 'Mark as read' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 2 unread', hidden: true })).toBeInTheDocument());

    await act(async () => fireEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' })));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument());
    expect(screen.queryByTestId('notification-count')).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(within(panel).queryAllByRole('button', { name: 'Mark as read' })).toEqual([]);
    expect(view.writes().map((write) => `${write.method} ${write.url}`)).toEqual(['PUT /api/notifications/2/read', 'PUT /api/contact/1/notifications/read']);
  });
});
