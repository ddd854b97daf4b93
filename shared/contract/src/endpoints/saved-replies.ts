import type { EndpointTable } from './endpoint';

/** Saved replies (docs/product/saved-replies.md): staff only; shared ones are the admins' to write. */
export const savedReplyEndpoints = {
  savedReplies: { method: 'GET', path: '/saved-replies', answer: 'savedReply', many: true },
  createSavedReply: { method: 'POST', path: '/saved-replies', body: 'savedReplyCreate', answer: 'savedReply', status: 201 },
  updateSavedReply: { method: 'PUT', path: '/saved-replies/:id', params: 'idParam', body: 'savedReplyUpdate', answer: 'savedReply' },
  deleteSavedReply: { method: 'DELETE', path: '/saved-replies/:id', params: 'idParam', answer: 'deletedAnswer' },
  useSavedReply: { method: 'POST', path: '/saved-replies/:id/uses', params: 'idParam', body: 'savedReplyUse', answer: 'savedReplyFilled' },
} as const satisfies EndpointTable;
