import { Stack } from '@chakra-ui/react';
import { MaintenanceSchedules } from './maintenance-schedules';
import { MaintenanceTaskTemplates } from './maintenance-tasks';

/** Admin Settings, Maintenance (docs/product/maintenance.md): the schedules, then the task templates. */
export function MaintenanceSettings() {
  return (
    <Stack gap="8">
      <MaintenanceSchedules />
      <MaintenanceTaskTemplates />
    </Stack>
  );
}
