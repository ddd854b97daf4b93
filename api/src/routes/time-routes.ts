import { idParam, ticketTime, timeEntryCreate, timeEntryCreated } from '@portal/contract';
import { MESSAGES, isStaff, validateTimeEntry } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError } from '../errors';
import { authorize, policy, requireViewer } from '../policy';
import { errorResponses, ticketForViewer, toInteger } from './route-helpers';

export async function timeRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { repos } = app;

  routes.get(
    '/ticket/:id/time',
    {
      schema: {
        tags: ['time'],
        summary: "A ticket's time entries (newest first) and total_time in units",
        params: idParam,
        response: { 200: ticketTime, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const viewer = requireViewer(request.viewer);
      await ticketForViewer(app, viewer, request.params.id, policy.readTime);
      return repos.time.listForTicket(request.params.id);
    },
  );

  routes.post(
    '/time',
    {
      config: { invalidInputMessage: MESSAGES.invalidTimeEntry },
      schema: {
        tags: ['time'],
        summary: 'Log time on a ticket (staff; an agent for itself, an admin for any staff contact)',
        body: timeEntryCreate,
        response: { 201: timeEntryCreated, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const viewer = authorize(request.viewer, policy.logTime);
      const { body } = request;
      const ticketId = toInteger(body.ticket_id);
      if (ticketId === null || ticketId <= 0) throw new HttpError(400, MESSAGES.invalidTimeEntry);
      const contactId = body.contact_id === undefined || body.contact_id === null ? viewer.contactId : body.contact_id;
      const checked = validateTimeEntry({ contact_id: contactId, time: body.time, description: body.description });
      if (!checked.ok) throw new HttpError(400, checked.message);
      const entry = checked.value;
      authorize(viewer, (v) => policy.logTimeFor(v, entry.contact_id));
      const ticket = await repos.tickets.findById(ticketId);
      if (!ticket) throw new HttpError(404, MESSAGES.ticketNotFound);
      const worker = await repos.contacts.findById(entry.contact_id);
      if (!worker || worker.active !== 1 || !isStaff(worker.group_id)) throw new HttpError(400, MESSAGES.invalidTimeEntry);
      const payRate = Number(await repos.contacts.metaValue(worker.contact_id, 'pay_rate'));
      const created = await repos.time.create({
        ticket_id: ticket.ticket_id,
        contact_id: worker.contact_id,
        time: entry.time,
        description: entry.description,
        company_id: ticket.company_id,
        company_name: ticket.company_name,
        contact_name: `${worker.first_name} ${worker.last_name}`.trim(),
        pay_rate: Number.isFinite(payRate) ? payRate : null,
      });
      return reply.code(201).send({ entry: created, total_time: await repos.time.totalForTicket(ticket.ticket_id) });
    },
  );
}
