import type { EndpointTable } from './endpoint';

/** Scheduled maintenance (docs/product/maintenance.md): admins only. */
export const maintenanceEndpoints = {
  maintenanceSchedules: { method: 'GET', path: '/maintenance/schedules', answer: 'maintenanceSchedule', many: true },
  saveMaintenanceSchedule: { method: 'PUT', path: '/maintenance/schedules/:id', params: 'idParam', body: 'maintenanceScheduleSave', answer: 'maintenanceSchedule' },
  runMaintenanceNow: { method: 'POST', path: '/maintenance/schedules/:id/run', params: 'idParam', answer: 'maintenanceRunAnswer' },
  maintenanceTasks: { method: 'GET', path: '/maintenance/tasks', answer: 'maintenanceTasks' },
  saveMaintenanceTasks: { method: 'PUT', path: '/maintenance/tasks', body: 'maintenanceTasksSave', answer: 'maintenanceTasks' },
} as const satisfies EndpointTable;
