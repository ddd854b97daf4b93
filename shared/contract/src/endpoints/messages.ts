import type { EndpointTable } from './endpoint';

/** The message centre (docs/product/messaging.md#message-centre) and failed outbox mail (docs/product/messaging.md#failed-mail): admins only. */
export const messageEndpoints = {
  messageRecipients: { method: 'POST', path: '/sendmail/recipients', body: 'recipientsQuery', answer: 'messageRecipientList' },
  sendMessage: { method: 'POST', path: '/sendmail', body: 'messageSend', answer: 'messageQueued', status: 202 },
  sentMessages: { method: 'GET', path: '/sendmail', answer: 'messageSummaryList' },
  messageProgress: { method: 'GET', path: '/sendmail/:messageId', params: 'messageIdParam', answer: 'messageProgress' },
  resendMessage: { method: 'POST', path: '/sendmail/:messageId/resend', params: 'messageIdParam', answer: 'messageResent' },
  failedMail: { method: 'GET', path: '/mail-outbox/failed', answer: 'failedMailList' },
  mailStatus: { method: 'GET', path: '/mail-outbox/status', answer: 'mailStatus' },
  requeueMail: { method: 'POST', path: '/mail-outbox/:id/requeue', params: 'idParam', answer: 'okAnswer' },
} as const satisfies EndpointTable;
