import { z } from 'zod';
import { id, isoDate } from './common';

export const ATTACHMENT_TARGET_TYPES = ['ticket'] as const;
export const attachmentTargetParams = z.object({ target_type: z.enum(ATTACHMENT_TARGET_TYPES), id: z.coerce.number().int() });
export const attachmentItemParams = attachmentTargetParams.extend({ attachment_id: z.coerce.number().int() });
export const attachmentIdParam = z.object({ attachment_id: z.coerce.number().int() });
/**
 * POST /:target_type/:id/attachments?internal=true: files added with an internal note, the support team's only
 * (docs/product/tickets.md#internal-notes; a client asking is refused).
 */
export const attachmentUploadQuery = z.object({ internal: z.enum(['true', 'false']).optional().transform((value) => value === 'true') });

export const attachment = z.object({
  attachment_id: id,
  ticket_id: id,
  target_type: z.string(),
  contact_id: id.nullable(),
  name: z.string(),
  /** The authorized download: GET /api/attachments/{attachment_id}/download. */
  url: z.string(),
  /** MIME type decided by the server from the (checked) file type. */
  type: z.string(),
  size: z.number().int(),
  date_created: isoDate,
  /** Added with an internal note: seen by the support team only (docs/product/tickets.md#internal-notes). */
  internal: z.boolean().default(false),
});
export type Attachment = z.infer<typeof attachment>;
