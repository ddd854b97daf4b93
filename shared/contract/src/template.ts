import { z } from 'zod';
import { MESSAGES } from '@portal/domain';
import { id, isoDate } from './common';

/** A saved message-centre template (docs/product/messaging.md#templates). */
export const mailTemplate = z.object({
  id,
  name: z.string(),
  subject: z.string(),
  message: z.string(),
  date_created: isoDate,
});
export type MailTemplate = z.infer<typeof mailTemplate>;
export const mailTemplateList = z.array(mailTemplate);

/** POST /sendmail/templates/:name: saves (or replaces) the template of that name. */
export const mailTemplateSave = z.object({
  name: z.string().trim().min(1, MESSAGES.enterTemplateName),
  subject: z.string(),
  message: z.string(),
});
export type MailTemplateSave = z.input<typeof mailTemplateSave>;

/** The path's name; a blank one is refused with the same message as a blank body name. */
export const templateNameParam = z.object({ name: z.string().trim().min(1, MESSAGES.enterTemplateName) });
