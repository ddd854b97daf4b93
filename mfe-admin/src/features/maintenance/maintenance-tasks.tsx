import { useState } from 'react';
import { Button, Field, HStack, Heading, Stack, Text, Textarea } from '@chakra-ui/react';
import { errorMessage, useMaintenanceMutations, useMaintenanceTasks } from '@portal/api-client';
import type { MaintenanceTasks } from '@portal/contract';
import { MAINTENANCE_TASKS_MAX, MAINTENANCE_TEMPLATE_INTENSITIES, MESSAGES, type MaintenanceTemplateIntensity } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert, useSaveState } from '@portal/ui';
import { useT } from '../../messages';

/** Each intensity's list name: a literal key per intensity (scripts/check-messages.ts finds the keys it uses). */
const INTENSITY_LABELS = {
  maintenance: 'maintenance.intensityMaintenance',
  security: 'maintenance.intensitySecurity',
  performance: 'maintenance.intensityPerformance',
} as const satisfies Record<MaintenanceTemplateIntensity, string>;

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
  const t = useT();
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(saved));
  const { saveTasks } = useMaintenanceMutations();
  const { saving, error, saved: done, run, changed } = useSaveState();

  return (
    <Stack as="form" aria-label={t('maintenance.tasksTitle')} gap="3" onSubmit={(event) => {
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
          <Field.Label>{t(INTENSITY_LABELS[intensity])}</Field.Label>
          <Textarea rows={6} value={drafts[intensity]} onChange={(event) => {
            setDrafts({ ...drafts, [intensity]: event.target.value });
            changed();
          }} />
          <Field.HelperText>{t('maintenance.tasksHint', { max: MAINTENANCE_TASKS_MAX })}</Field.HelperText>
        </Field.Root>
      ))}
      <HStack>
        <Button type="submit" colorPalette="blue" size="sm" loading={saving}>{t('maintenance.save')}</Button>
        {done ? <Text role="status" fontSize="sm" color="fg.success">{t('maintenance.saved')}</Text> : null}
      </HStack>
    </Stack>
  );
}

export function MaintenanceTaskTemplates() {
  const t = useT();
  const text = useMessageText();
  const { data, error } = useMaintenanceTasks();
  return (
    <Stack gap="3" as="section" aria-label={t('maintenance.templates')}>
      <Heading size="md">{t('maintenance.tasksTitle')}</Heading>
      <Text color="fg.muted" fontSize="sm">{t('maintenance.tasksIntro')}</Text>
      <ErrorAlert message={error && !data ? errorMessage(error) : null} />
      {data ? <TaskLists saved={data} /> : null}
      {!data && !error ? <Text color="fg.muted">{text(MESSAGES.loading)}</Text> : null}
    </Stack>
  );
}
