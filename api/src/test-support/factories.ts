import { PRIORITY, STATUS, TYPE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { TicketsTable } from '../db/schema';

export type TicketFields = Partial<Insertable<TicketsTable>> & { company_id: number };

/** A ticket written straight to the database: a Backlog content update, unassigned, unless told otherwise. */
export async function aTicket(app: FastifyInstance, fields: TicketFields): Promise<number> {
  const now = new Date().toISOString();
  return app.repos.tickets.create({
    contact_id: null, assignee_id: null, title: 'A ticket', description: 'x', type_id: TYPE.contentUpdate, priority_id: PRIORITY.medium,
    status_id: STATUS.backlog, date_created: now, date_updated: now, date_due: null, date_assigned: null, date_completed: null,
    on_hold: 0, estimate_required: 0, estimated_time: 0, estimate_approved: -1, ...fields,
  });
}

/** A company written straight to the database, with its services meta ('1,3') when given. */
export async function aCompany(app: FastifyInstance, name: string, mode: number, services: string | null = null): Promise<number> {
  const companyId = await app.repos.companies.create(app.db, { name, url: `https://${name.toLowerCase().replace(/\W+/g, '')}.example`, mode });
  if (services !== null) await app.repos.companies.setMeta(app.db, companyId, 'services', services);
  return companyId;
}
