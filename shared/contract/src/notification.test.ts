import { notification, notificationCreate } from './notification';

describe('notifications', () => {
  it('needs a note to create one', () => {
    expect(notificationCreate.safeParse({ contact_id: 7, note: '' }).success).toBe(false);
    expect(notificationCreate.parse({ contact_id: 7, note: 'Ticket updated' })).toEqual({ contact_id: 7, note: 'Ticket updated' });
  });

  it('shows a notification without a ticket as ticket_id null', () => {
    const parsed = notification.parse({ notification_id: 1, contact_id: 7, ticket_id: null, note: 'Hi', date_created: '2026-11-01T10:00:00.000Z', date_read: null });
    expect(parsed.ticket_id).toBeNull();
  });

  it('says whether and when its owner read it', () => {
    const base = { notification_id: 1, contact_id: 7, ticket_id: null, note: 'Hi', date_created: '2026-11-01T10:00:00.000Z' };
    expect(notification.parse({ ...base, date_read: '2026-11-01T11:00:00.000Z' }).date_read).toBe('2026-11-01T11:00:00.000Z');
    expect(notification.safeParse(base).success).toBe(false);
  });
});
