import { ticket } from '@portal/contract';
import { maintenanceEndpoints as api } from '@portal/contract/endpoints';
import {
  MESSAGES, canManageMaintenanceSchedule, maintenanceDueDay, maintenanceTicketTitle, readMaintenanceTemplatesInput, type Viewer,
} from '@portal/domain';
import { viewerOf } from '@portal/session';
import type { PortalData, TicketRow } from './portal-data';
import { answer, errorAnswer, idParam, mock, nextId, notFound, nowIso, readBody } from './respond';

/** Scheduled maintenance (docs/product/maintenance.md), with the API's rules: admins only; Run now opens the current period once. */
export function maintenanceHandlers(db: PortalData) {
  const viewer = (): Viewer | null => viewerOf({ isLoggedIn: db.session !== null, contact: db.session });
  const allowed = () => {
    const v = viewer();
    return v !== null && canManageMaintenanceSchedule(v);
  };
  const refused = () => errorAnswer(db.session ? 403 : 401, db.session ? MESSAGES.notAuthorized : MESSAGES.notSignedIn);

  return [
    mock(api.maintenanceSchedules, () => (allowed() ? answer(api.maintenanceSchedules, db.maintenanceSchedules) : refused())),
    mock(api.saveMaintenanceSchedule, async ({ request, params }) => {
      if (!allowed()) return refused();
      const read = await readBody(request, api.saveMaintenanceSchedule);
      if (!read.ok) return read.answer;
      const row = db.maintenanceSchedules.find((s) => s.company_id === idParam(params));
      if (!row) return notFound(MESSAGES.companyNotFound);
      row.paused = read.body.paused;
      return answer(api.saveMaintenanceSchedule, row);
    }),
    mock(api.runMaintenanceNow, ({ params }) => {
      if (!allowed()) return refused();
      const row = db.maintenanceSchedules.find((s) => s.company_id === idParam(params));
      if (!row) return notFound(MESSAGES.companyNotFound);
      const period = { period_start: row.period_start, period_end: row.period_end };
      if (row.current_ran) return answer(api.runMaintenanceNow, { ...period, ticket_id: row.last_run?.ticket_id ?? null, opened: false });
      const company = db.companies.find((c) => c.company_id === row.company_id);
      const ticketRow: TicketRow = {
        ...ticket.parse({
          ticket_id: nextId(db.tickets, (t) => t.ticket_id), contact_id: null, company_id: row.company_id, company_name: row.company_name,
          company_mode: company?.mode ?? 1, assignee_id: null, title: maintenanceTicketTitle({ start: row.period_start, end: row.period_end }),
          description: `Scheduled maintenance. Plan: ${row.plan}`, type_id: 1, priority_id: 3, status_id: 1, date_created: nowIso(),
          date_due: `${maintenanceDueDay({ end: row.period_end })}T16:00:00.000Z`, date_assigned: null, date_completed: null, on_hold: 0,
          estimate_required: 0, estimated_time: 0, estimate_approved: -1,
        }),
      };
      db.tickets.push(ticketRow);
      row.current_ran = true;
      row.last_run = { ...period, ticket_id: ticketRow.ticket_id };
      return answer(api.runMaintenanceNow, { ...period, ticket_id: ticketRow.ticket_id, opened: true });
    }),
    mock(api.maintenanceTasks, () => (allowed() ? answer(api.maintenanceTasks, db.maintenanceTasks) : refused())),
    mock(api.saveMaintenanceTasks, async ({ request }) => {
      if (!allowed()) return refused();
      const read = await readBody(request, api.saveMaintenanceTasks);
      if (!read.ok) return read.answer;
      const checked = readMaintenanceTemplatesInput(read.body, db.maintenanceTasks);
      if (!checked.ok) return errorAnswer(400, checked.problem);
      db.maintenanceTasks = checked.value;
      return answer(api.saveMaintenanceTasks, db.maintenanceTasks);
    }),
  ];
}
