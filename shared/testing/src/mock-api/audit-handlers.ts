import { type AuditEntry, auditPage, auditQuery, ticketAuditQuery } from '@portal/contract';
import { auditEndpoints as api } from '@portal/contract/endpoints';
import { MESSAGES } from '@portal/domain';
import type { PortalData } from './portal-data';
import { answer, errorAnswer, idParam, mock, notFound } from './respond';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A filter bound as the API reads it: a day (UTC) means its start; `to` takes the whole day. */
function bound(value: string | undefined, side: 'from' | 'to'): number | undefined {
  if (value === undefined) return undefined;
  const time = new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).getTime();
  return side === 'to' && value.length === 10 ? time + DAY_MS : time;
}

/** Newest first (highest id), from `before` (exclusive), at most `limit`; `next` is the last entry's id when more remain. */
function page(entries: readonly AuditEntry[], before: number | undefined, limit: number) {
  const newestFirst = [...entries].sort((a, b) => b.audit_id - a.audit_id).filter((e) => before === undefined || e.audit_id < before);
  const shown = newestFirst.slice(0, limit);
  return auditPage.parse({ entries: shown, next: newestFirst.length > limit ? (shown.at(-1)?.audit_id ?? null) : null });
}

const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);

/** The audit trail (admins, filtered) and a ticket's history (staff), from `db.audit`. */
export function auditHandlers(db: PortalData) {
  return [
    mock(api.audit, ({ request }) => {
      const parsed = auditQuery.safeParse(queryOf(request));
      if (!parsed.success) return errorAnswer(400, MESSAGES.invalidInput);
      const q = parsed.data;
      const [from, to] = [bound(q.from, 'from'), bound(q.to, 'to')];
      const matching = db.audit.filter((e) => {
        const time = new Date(e.date_created).getTime();
        return (q.entity === undefined || e.entity === q.entity)
          && (q.action === undefined || e.action === q.action)
          && (q.actor_id === undefined || e.actor_id === q.actor_id)
          && (q.company_id === undefined || e.company_id === q.company_id)
          && (q.entity_id === undefined || e.entity_id === q.entity_id)
          && (from === undefined || time >= from)
          && (to === undefined || time < to);
      });
      return answer(api.audit, page(matching, q.before, q.limit));
    }),
    mock(api.ticketAudit, ({ request, params }) => {
      const ticketId = idParam(params);
      const parsed = ticketAuditQuery.safeParse(queryOf(request));
      if (!parsed.success) return errorAnswer(400, MESSAGES.invalidInput);
      const entries = db.audit.filter((e) => e.entity === 'ticket' && e.entity_id === ticketId);
      if (entries.length === 0 && !db.tickets.some((t) => t.ticket_id === ticketId)) return notFound(MESSAGES.ticketNotFound);
      return answer(api.ticketAudit, page(entries, parsed.data.before, parsed.data.limit));
    }),
  ];
}
