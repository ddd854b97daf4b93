import useSWR from 'swr';
import type { MaintenanceRunAnswer, MaintenanceSchedule, MaintenanceTasks, MaintenanceTasksSave } from '@portal/contract';
import { maintenanceEndpoints as api, pathOf } from '@portal/contract/endpoints';
import { useApiClient } from './api-client-context';
import type { Http } from './http';
import { useRefreshAfter } from './refresh-after';

/** The maintenance clients' schedules (docs/product/maintenance.md): admins only. */
export const maintenanceSchedulesKey = pathOf(api.maintenanceSchedules);
/** The task templates per intensity. */
export const maintenanceTasksKey = pathOf(api.maintenanceTasks);

export interface MaintenanceApi {
  schedules(): Promise<MaintenanceSchedule[]>;
  setPaused(companyId: number, paused: boolean): Promise<MaintenanceSchedule>;
  /** Opens the company's current period now; a period already run answers its ticket. */
  runNow(companyId: number): Promise<MaintenanceRunAnswer>;
  tasks(): Promise<MaintenanceTasks>;
  saveTasks(body: MaintenanceTasksSave): Promise<MaintenanceTasks>;
}

export function createMaintenanceApi(http: Http): MaintenanceApi {
  return {
    schedules: () => http(api.maintenanceSchedules),
    setPaused: (companyId, paused) => http(api.saveMaintenanceSchedule, { params: { id: companyId }, body: { paused } }),
    runNow: (companyId) => http(api.runMaintenanceNow, { params: { id: companyId } }),
    tasks: () => http(api.maintenanceTasks),
    saveTasks: (body) => http(api.saveMaintenanceTasks, { body }),
  };
}

export function useMaintenanceSchedules() {
  const client = useApiClient();
  return useSWR(maintenanceSchedulesKey, () => client.maintenance.schedules());
}

export function useMaintenanceTasks() {
  const client = useApiClient();
  return useSWR(maintenanceTasksKey, () => client.maintenance.tasks());
}

/** A run opens a ticket: the staff lists show it too. */
const touchedByRuns = (key: unknown) =>
  typeof key === 'string' && (key === maintenanceSchedulesKey || /^\/staff\/tickets/.test(key) || /^\/company\/\d+\/tickets/.test(key));

/** Pausing, resuming and running a schedule, and saving the templates; each reads its list again, also when it fails. */
export function useMaintenanceMutations() {
  const client = useApiClient();
  const afterRun = useRefreshAfter(touchedByRuns);
  const afterTasks = useRefreshAfter(maintenanceTasksKey);
  return {
    setPaused: (companyId: number, paused: boolean) => afterRun(client.maintenance.setPaused(companyId, paused)),
    runNow: (companyId: number) => afterRun(client.maintenance.runNow(companyId)),
    saveTasks: (body: MaintenanceTasksSave) => afterTasks(client.maintenance.saveTasks(body)),
  };
}
