import type { EndpointTable } from './endpoint';

/**
 * Attachments of a ticket (docs/product/tickets.md). The upload is multipart (no body schema; the
 * client sends it with its own progress-reporting request) and the download a file (no JSON answer).
 */
export const attachmentEndpoints = {
  attachments: { method: 'GET', path: '/:target_type/:id/attachments', params: 'attachmentTargetParams', answer: 'attachment', many: true },
  uploadAttachments: { method: 'POST', path: '/:target_type/:id/attachments', params: 'attachmentTargetParams', query: 'attachmentUploadQuery', answer: 'attachment', many: true, status: 201 },
  deleteAttachment: { method: 'DELETE', path: '/:target_type/:id/attachments/:attachment_id', params: 'attachmentItemParams', answer: 'deletedAnswer' },
  downloadAttachment: { method: 'GET', path: '/attachments/:attachment_id/download', params: 'attachmentIdParam' },
} as const satisfies EndpointTable;
