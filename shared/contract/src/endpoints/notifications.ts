import type { EndpointTable } from './endpoint';

/** The bell's notifications (docs/product/notifications-and-mail.md#bell-panel). */
export const notificationEndpoints = {
  createNotification: { method: 'POST', path: '/notifications', body: 'notificationCreate', answer: 'notification', status: 201 },
  notifications: { method: 'GET', path: '/contact/:id/notifications', params: 'idParam', answer: 'notification', many: true },
  deleteNotification: { method: 'DELETE', path: '/notifications/:id', params: 'idParam', answer: 'deletedAnswer' },
  clearNotifications: { method: 'DELETE', path: '/contact/:id/notifications', params: 'idParam', answer: 'deletedAnswer' },
  // Read and unread: the bell's badge counts the unread ones (its owner's only).
  readNotification: { method: 'PUT', path: '/notifications/:id/read', params: 'idParam', answer: 'notification' },
  readAllNotifications: { method: 'PUT', path: '/contact/:id/notifications/read', params: 'idParam', answer: 'notificationsRead' },
  // A digest's unsubscribe link: small HTML pages (api/src/pages/unsubscribe-page.ts), no JSON answer.
  unsubscribePage: { method: 'GET', path: '/contact/unsubscribe/:token', params: 'unsubscribeParams' },
  unsubscribe: { method: 'POST', path: '/contact/unsubscribe/:token', params: 'unsubscribeParams' },
} as const satisfies EndpointTable;
