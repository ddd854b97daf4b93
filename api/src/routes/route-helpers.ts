import { errorBody } from '@portal/contract';
import { MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';
import { authorize, policy, type Viewer } from '../policy';

/** Error answers for the OpenAPI page: every listed status answers `{ statusCode, error }`. */
export function errorResponses(...codes: number[]): Record<number, typeof errorBody> {
  return Object.fromEntries(codes.map((code) => [code, errorBody]));
}

/**
 * 404 for a missing ticket, 403 when the viewer may not see it; one primary-key read, so the
 * polled sub-resources (tasks, attachments, activity) stay at two indexed queries.
 */
export async function ticketForViewer(
  app: FastifyInstance,
  viewer: Viewer,
  ticketId: number,
  allowed: (viewer: Viewer, ticket: { company_id: number }) => boolean = policy.viewTicket,
): Promise<{ ticket_id: number; company_id: number }> {
  const access = ticketId > 0 ? await app.repos.tickets.findAccess(ticketId) : undefined;
  if (!access) throw new HttpError(404, MESSAGES.ticketNotFound);
  authorize(viewer, (v) => allowed(v, access));
  return access;
}

/** "Ada Admin" for snapshots (activity author, time entry), null when the contact is gone. */
export async function contactName(app: FastifyInstance, contactId: number): Promise<string | null> {
  const row = await app.repos.contacts.findById(contactId);
  return row ? `${row.first_name} ${row.last_name}`.trim() : null;
}

/** Numbers the spec's client may send as text. */
export function toInteger(value: unknown): number | null {
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) ? number : null;
}
