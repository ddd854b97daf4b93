import type { EndpointTable } from './endpoint';

/** Mail in for admins (docs/product/notifications-and-mail.md#matching): the mailbox's status, the held list, attaching, dropping, the original. */
export const mailInEndpoints = {
  mailInStatus: { method: 'GET', path: '/mail-in', answer: 'mailInStatus' },
  heldMail: { method: 'GET', path: '/mail-in/held', answer: 'heldMail', many: true },
  attachHeldMail: { method: 'POST', path: '/mail-in/:id/attach', params: 'idParam', body: 'heldMailAttach', answer: 'heldMailAttached' },
  dropHeldMail: { method: 'POST', path: '/mail-in/:id/drop', params: 'idParam', answer: 'okAnswer' },
  heldMailRaw: { method: 'GET', path: '/mail-in/:id/raw', params: 'idParam' },
} as const satisfies EndpointTable;
