import { idParam, okAnswer, sendActivity, sendMail } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize, policy } from '../policy';
import { errorResponses, toInteger } from './route-helpers';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Plain text as HTML paragraphs: a note's markdown is never rendered as raw HTML in a mail. */
function textToHtml(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

export async function contactMailRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  async function recipient(contactId: number) {
    const row = await repos.contacts.findById(contactId);
    if (!row || row.active !== 1) throw new HttpError(404, MESSAGES.contactNotFound);
    return row;
  }

  routes.post(
    '/contact/:id/sendactivity',
    {
      config: { invalidInputMessage: MESSAGES.activityEmailNotSent },
      schema: {
        tags: ['contacts'],
        summary: 'E-mail an activity note to a contact (staff)',
        params: idParam,
        body: sendActivity,
        response: { 200: okAnswer, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.mailContact);
      const to = await recipient(request.params.id);
      const { activity } = request.body;
      const note = (typeof activity === 'string' ? activity : activity.note).trim();
      if (note === '') throw new HttpError(400, MESSAGES.activityEmailNotSent);
      const ticketId = typeof activity === 'string' ? null : toInteger(activity.ticket_id);
      const ticket = ticketId ? await repos.tickets.findById(ticketId) : undefined;
      const link = ticket ? `${app.config.publicUrl}/clients/${ticket.company_id}/tickets/${ticket.ticket_id}` : null;
      const subject = ticket ? `New activity on ticket #${ticket.ticket_id}: ${ticket.title}` : 'New activity on your ticket';
      try {
        await app.mailer.send({
          to: to.email,
          subject,
          text: link ? `${note}\n\nOpen the ticket: ${link}` : note,
          html: `${textToHtml(note)}${link ? `\n<p><a href="${escapeHtml(link)}">Open the ticket</a></p>` : ''}`,
        });
      } catch (error) {
        request.log.error({ err: error, contact_id: to.contact_id }, 'activity mail not sent');
        throw new HttpError(502, MESSAGES.activityEmailNotSent);
      }
      return { ok: true as const };
    },
  );

  routes.post(
    '/contact/:id/sendmail',
    {
      config: { invalidInputMessage: MESSAGES.noteNotSent },
      schema: {
        tags: ['contacts'],
        summary: 'E-mail a message to a contact (staff)',
        params: idParam,
        body: sendMail,
        response: { 200: okAnswer, ...errorResponses(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      authorize(request.viewer, policy.mailContact);
      const to = await recipient(request.params.id);
      const subject = request.body.subject.trim();
      const message = request.body.message.trim();
      if (subject === '' || message === '') throw new HttpError(400, MESSAGES.noteNotSent);
      try {
        await app.mailer.send({ to: to.email, subject, text: message, html: textToHtml(message) });
      } catch (error) {
        request.log.error({ err: error, contact_id: to.contact_id }, 'mail not sent');
        throw new HttpError(502, MESSAGES.noteNotSent);
      }
      return { ok: true as const };
    },
  );
}
