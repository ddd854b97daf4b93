import { maintenanceEndpoints as api } from '@portal/contract/endpoints';
import { canManageMaintenanceSchedule } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { authorize } from '../policy';
import { auditActor } from '../services/audit';
import {
  listMaintenanceSchedules, maintenanceTasks, runMaintenanceNow, saveMaintenanceSchedule, saveMaintenanceTasks,
} from '../services/maintenance-schedule';
import { serviceContext } from '../services/service-context';
import { endpointRoute } from './endpoint-route';

/** Scheduled maintenance (docs/product/maintenance.md): the schedules, pause and resume, Run now, the task templates. Admins only. */
export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  endpointRoute(
    app,
    api.maintenanceSchedules,
    { tags: ['maintenance'], summary: 'Every maintenance client with a saved plan: plan, current period, next run, last run, paused (admins)', errors: [401, 403] },
    async (request) => {
      authorize(request.viewer, canManageMaintenanceSchedule);
      return listMaintenanceSchedules(serviceContext(app, request));
    },
  );

  endpointRoute(
    app,
    api.saveMaintenanceSchedule,
    { tags: ['maintenance'], summary: 'Pause or resume a company’s maintenance schedule (admins)', errors: [400, 401, 403, 404, 409] },
    async (request) => {
      authorize(request.viewer, canManageMaintenanceSchedule);
      const { result } = await saveMaintenanceSchedule(serviceContext(app, request), auditActor(request), request.params.id, request.body.paused);
      return result;
    },
  );

  endpointRoute(
    app,
    api.runMaintenanceNow,
    {
      tags: ['maintenance'],
      summary: 'Open the company’s current maintenance period now; a period already run answers its ticket (idempotent) (admins)',
      errors: [400, 401, 403, 404, 409],
    },
    async (request) => {
      authorize(request.viewer, canManageMaintenanceSchedule);
      const { result, changes } = await runMaintenanceNow(serviceContext(app, request), auditActor(request), request.params.id);
      await app.events.publish(...changes);
      return result;
    },
  );

  endpointRoute(
    app,
    api.maintenanceTasks,
    { tags: ['maintenance'], summary: 'The maintenance task templates, one list per intensity (admins)', errors: [401, 403] },
    async (request) => {
      authorize(request.viewer, canManageMaintenanceSchedule);
      return maintenanceTasks(serviceContext(app, request));
    },
  );

  endpointRoute(
    app,
    api.saveMaintenanceTasks,
    { tags: ['maintenance'], summary: 'Replace task template lists: trimmed, no empties, at most 50 tasks of 500 characters each (admins)', errors: [400, 401, 403] },
    async (request) => {
      authorize(request.viewer, canManageMaintenanceSchedule);
      const { result } = await saveMaintenanceTasks(serviceContext(app, request), auditActor(request), request.body);
      return result;
    },
  );
}
