import { useState } from 'react';
import { Button, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useMaintenanceMutations, useMaintenanceSchedules } from '@portal/api-client';
import type { MaintenanceSchedule } from '@portal/contract';
import { MAINTENANCE_SCHEDULE_MESSAGES, MESSAGES, maintenancePeriodLabel, ticketHitPath } from '@portal/domain';
import { useSession } from '@portal/session';
import { DateText, ErrorAlert } from '@portal/ui';

const TEXT = MAINTENANCE_SCHEDULE_MESSAGES;

function LastTicket({ schedule }: { schedule: MaintenanceSchedule }) {
  const run = schedule.last_run;
  if (!run) return <Text color="fg.muted">{TEXT.noTicketYet}</Text>;
  const label = maintenancePeriodLabel({ start: run.period_start, end: run.period_end });
  if (run.ticket_id === null) return <Text>{label}</Text>;
  return (
    <Link asChild color="blue.700" textDecoration="underline">
      <RouterLink to={ticketHitPath({ company_id: schedule.company_id, ticket_id: run.ticket_id })}>{`${label} (#${run.ticket_id})`}</RouterLink>
    </Link>
  );
}

/**
 * Admin Settings, Maintenance (docs/product/maintenance.md): every maintenance client with a saved plan, its next run
 * and last ticket; Pause or Resume its schedule, or Run now (the current period; a period already run keeps its ticket).
 */
export function MaintenanceSchedules() {
  const { data, error: loadError } = useMaintenanceSchedules();
  const change = useMaintenanceMutations();
  const timeZone = useSession((s) => s.timeZone);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function run(companyId: number, work: () => Promise<unknown>) {
    setBusy(companyId);
    setError(null);
    try {
      await work();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="4" as="section" aria-label="Maintenance schedules">
      <Heading size="md">{TEXT.pageTitle}</Heading>
      <Text color="fg.muted" fontSize="sm">
        Each maintenance client with a saved plan gets one ticket at the start of each period of its plan, with the task
        checklist below, the plan&apos;s estimate and a due date at the period&apos;s end. A plan change applies from the next period.
      </Text>
      <ErrorAlert message={error ?? (loadError && !data ? errorMessage(loadError) : null)} />
      {!data && !loadError ? <Text color="fg.muted">{MESSAGES.loading}</Text> : null}
      {data && data.length === 0 ? <Text>{TEXT.noCompanies}</Text> : null}
      {data && data.length > 0 ? (
        <Table.Root size="sm" aria-label="Maintenance clients">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Company</Table.ColumnHeader>
              <Table.ColumnHeader>Plan</Table.ColumnHeader>
              <Table.ColumnHeader>Next run</Table.ColumnHeader>
              <Table.ColumnHeader>Last ticket</Table.ColumnHeader>
              <Table.ColumnHeader>Schedule</Table.ColumnHeader>
              <Table.ColumnHeader><Text srOnly>Actions</Text></Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((schedule) => (
              <Table.Row key={schedule.company_id}>
                <Table.Cell>{schedule.company_name}</Table.Cell>
                <Table.Cell>{schedule.plan}</Table.Cell>
                <Table.Cell><DateText iso={schedule.next_run} timeZone={timeZone} /></Table.Cell>
                <Table.Cell><LastTicket schedule={schedule} /></Table.Cell>
                <Table.Cell>{schedule.paused ? TEXT.paused : TEXT.active}</Table.Cell>
                <Table.Cell>
                  <HStack gap="1" justify="end">
                    <Button size="xs" variant="outline" aria-label={`${schedule.paused ? 'Resume' : 'Pause'} ${schedule.company_name}`}
                      disabled={busy !== null} onClick={() => void run(schedule.company_id, () => change.setPaused(schedule.company_id, !schedule.paused))}>
                      {schedule.paused ? 'Resume' : 'Pause'}
                    </Button>
                    <Button size="xs" colorPalette="blue" aria-label={`Run now ${schedule.company_name}`} loading={busy === schedule.company_id}
                      disabled={busy !== null} onClick={() => void run(schedule.company_id, () => change.runNow(schedule.company_id))}>
                      Run now
                    </Button>
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Stack>
  );
}
