import { useState } from 'react';
import { Button, Field, HStack, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useMaintenanceMutations, useMaintenanceTasks } from '@portal/api-client';
import type { MaintenanceTasks } from '@portal/contract';
import {
  MAINTENANCE_INTENSITY_LABELS, MAINTENANCE_SCHEDULE_MESSAGES, MAINTENANCE_TASKS_MAX, MAINTENANCE_TEMPLATE_INTENSITIES, MESSAGES,
  type MaintenanceTemplateIntensity,
} from '@portal/domain';
import { ErrorAlert, useSaveState } from '@portal/ui';

type Drafts = Record<MaintenanceTemplateIntensity, string>;

const draftsOf = (tasks: MaintenanceTasks): Drafts => ({
  maintenance: tasks.maintenance.join('\n'), security: tasks.security.join('\n'), performance: tasks.performance.join('\n'),
});
const linesOf = (text: string) => text.split('\n');

/**
 * Admin Settings, Maintenance tasks (docs/product/maintenance.md#task-templates): one list per intensity, a task a
 * line; 'updates' plans use the Maintenance list. Save sends the three lists; the server trims them and drops empty lines.
 */
function TaskLists({ saved }: { saved: MaintenanceTasks }) {
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(saved));
  const { saveTasks } = useMaintenanceMutations();
  const { saving, error, saved: done, run, changed } = useSaveState();

  return (
    <Stack as="form" aria-label={MAINTENANCE_SCHEDULE_MESSAGES.tasksTitle} gap="3" onSubmit={(event) => {
      event.preventDefault();
      void run(async () => {
        const answer = await saveTasks({
          maintenance: linesOf(drafts.maintenance), security: linesOf(drafts.security), performance: linesOf(drafts.performance),
        });
        setDrafts(draftsOf(answer));
      });
    }}>
      <ErrorAlert message={error} size="sm" />
      {MAINTENANCE_TEMPLATE_INTENSITIES.map((intensity) => (
        <Field.Root key={intensity}>
          <Field.Label>{MAINTENANCE_INTENSITY_LABELS[intensity]}</Field.Label>
          <Textarea rows={6} value={drafts[intensity]} onChange={(event) => {
            setDrafts({ ...drafts, [intensity]: event.target.value });
            changed();
          }} />
          <Field.HelperText>{`One task a line, at most ${MAINTENANCE_TASKS_MAX}.`}</Field.HelperText>
        </Field.Root>
      ))}
      <HStack>
        <Button type="submit" colorPalette="blue" size="sm" loading={saving}>Save</Button>
        {done ? <Text role="status" fontSize="sm" color="fg.success">Saved.</Text> : null}
      </HStack>
    </Stack>
  );
}

export function MaintenanceTaskTemplates() {
  const { data, error } = useMaintenanceTasks();
  return (
    <Stack gap="3" as="section" aria-label="Maintenance task templates">
      <Heading size="md">{MAINTENANCE_SCHEDULE_MESSAGES.tasksTitle}</Heading>
      <Text color="fg.muted" fontSize="sm">The checklist of each maintenance ticket: the lists of its plan&apos;s intensities, each task once.</Text>
      <ErrorAlert message={error && !data ? errorMessage(error) : null} />
      {data ? <TaskLists saved={data} /> : null}
      {!data && !error ? <Text color="fg.muted">{MESSAGES.loading}</Text> : null}
    </Stack>
  );
}
