import { useState } from 'react';
import { Box, Button, HStack, Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, useMaintenanceMutations, useMaintenanceSchedules } from '@portal/api-client';
import type { MaintenanceSchedule } from '@portal/contract';
import { MESSAGES, formatMoney, ticketHitPath, type MaintenanceIntensity } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats, useSession } from '@portal/session';
import { DateText, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { maintenancePeriodText } from './maintenance-period';

const INTENSITY_NAMES = {
  maintenance: 'maintenance.planIntensityMaintenance',
  security: 'maintenance.planIntensitySecurity',
  performance: 'maintenance.planIntensityPerformance',
} as const satisfies Record<MaintenanceIntensity, string>;

/** 'Monthly: maintenance, security ($50.00 per month)', in the reader's words and the agency's currency. */
function PlanText({ schedule }: { schedule: MaintenanceSchedule }) {
  const t = useT();
  const formats = useFormats();
  const intensities = schedule.intensity.map((key) => t(INTENSITY_NAMES[key])).join(', ');
  return <>{t('maintenance.planCell', { frequency: schedule.frequency, intensities, cost: formatMoney(schedule.cost, formats) })}</>;
}

function LastTicket({ schedule }: { schedule: MaintenanceSchedule }) {
  const t = useT();
  const { locale } = useFormats();
  const run = schedule.last_run;
  if (!run) return <Text color="fg.muted">{t('maintenance.noTicketYet')}</Text>;
  const label = maintenancePeriodText({ start: run.period_start, end: run.period_end }, t, locale);
  if (run.ticket_id === null) return <Text>{label}</Text>;
  return (
    <Link asChild color="blue.700" textDecoration="underline">
      <RouterLink to={ticketHitPath({ company_id: schedule.company_id, ticket_id: run.ticket_id })}>
        {t('maintenance.lastTicket', { period: label, id: String(run.ticket_id) })}
      </RouterLink>
    </Link>
  );
}

/**
 * Admin Settings, Maintenance (docs/product/maintenance.md): every maintenance client with a saved plan, its next run
 * and last ticket; Pause or Resume its schedule, or Run now (the current period; a period already run keeps its ticket).
 */
export function MaintenanceSchedules() {
  const t = useT();
  const text = useMessageText();
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
    <Stack gap="4" as="section" aria-label={t('maintenance.schedules')}>
      <Heading size="md">{t('maintenance.heading')}</Heading>
      <Text color="fg.muted" fontSize="sm">{t('maintenance.intro')}</Text>
      <ErrorAlert message={error ?? (loadError && !data ? errorMessage(loadError) : null)} />
      {!data && !loadError ? <Text color="fg.muted">{text(MESSAGES.loading)}</Text> : null}
      {data && data.length === 0 ? <Text>{t('maintenance.noCompanies')}</Text> : null}
      {data && data.length > 0 ? (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={t('maintenance.clients')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('maintenance.company')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('maintenance.plan')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('maintenance.nextRun')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('maintenance.lastTicketColumn')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('maintenance.schedule')}</Table.ColumnHeader>
                <Table.ColumnHeader><Text srOnly>{t('maintenance.actions')}</Text></Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((schedule) => (
                <Table.Row key={schedule.company_id}>
                  <Table.Cell>{schedule.company_name}</Table.Cell>
                  <Table.Cell><PlanText schedule={schedule} /></Table.Cell>
                  <Table.Cell><DateText iso={schedule.next_run} timeZone={timeZone} /></Table.Cell>
                  <Table.Cell><LastTicket schedule={schedule} /></Table.Cell>
                  <Table.Cell>{t(schedule.paused ? 'maintenance.paused' : 'maintenance.active')}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" justify="end">
                      <Button size="xs" variant="outline" aria-label={t(schedule.paused ? 'maintenance.resumeCompany' : 'maintenance.pauseCompany', { company: schedule.company_name })}
                        disabled={busy !== null} onClick={() => void run(schedule.company_id, () => change.setPaused(schedule.company_id, !schedule.paused))}>
                        {t(schedule.paused ? 'maintenance.resume' : 'maintenance.pause')}
                      </Button>
                      <Button size="xs" colorPalette="blue" aria-label={t('maintenance.runNowCompany', { company: schedule.company_name })} loading={busy === schedule.company_id}
                        disabled={busy !== null} onClick={() => void run(schedule.company_id, () => change.runNow(schedule.company_id))}>
                        {t('maintenance.runNow')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      ) : null}
    </Stack>
  );
}
