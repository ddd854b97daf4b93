import { lazy, Suspense } from 'react';
import { Box, Skeleton, Stack, Table, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '@portal/api-client';
import { canExportTime, formatUnitsHhmm, lastMonthPeriods, MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession, useViewer } from '@portal/session';
import { TimeEntryActions } from '@portal/features';
import { DateText, ListStates } from '@portal/ui';
import { useAgentTime } from '../hooks/use-agent-dashboard';
import { TimeExportLink } from './time-export-link';
import { useT } from '../../../messages';

// The chart library (~90 KB compressed) loads with the Time tab, not with every dashboard.
const MyTimeChart = lazy(() => import('./my-time-chart').then((module) => ({ default: module.MyTimeChart })));

export const MY_TIME_MONTHS = 6;

/**
 * The agent's time entries of the last 6 months and the My Time chart; the agent (or an admin)
 * edits, deletes or corrects an entry here (docs/product/time-and-billing.md#correcting-time).
 */
export function TimeTab({ agentId }: { agentId: number }) {
  const timeZone = useSession((s) => s.timeZone);
  const viewer = useViewer();
  const t = useT();
  const messageText = useMessageText();
  const periods = lastMonthPeriods(new Date(), MY_TIME_MONTHS, timeZone);
  const fromMonth = periods[0]?.month ?? '';
  const toMonth = periods[periods.length - 1]?.month ?? '';
  const { entries, monthly } = useAgentTime(agentId, { fromMonth, toMonth, months: MY_TIME_MONTHS, timeZone });

  const failure = entries.error ? messageText(errorMessage(entries.error, MESSAGES.timeEntriesLoadFailed)) : null;
  const body = (
    <ListStates data={entries.data} error={failure} emptyText={messageText(MESSAGES.noTimeEntries)}>
      {(list) => (
        // Sideways scrolling on a phone; the descriptions still wrap.
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={t('time.entries')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('time.date')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('time.ticket')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('time.company')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('time.description')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('time.time')}</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <VisuallyHidden>{t('time.actions')}</VisuallyHidden>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((entry) => (
                <Table.Row key={entry.time_id}>
                  <Table.Cell>
                    <DateText iso={entry.date} timeZone={timeZone} />
                  </Table.Cell>
                  <Table.Cell>
                    {entry.ticket_id && entry.company_id ? (
                      <RouterLink to={`/clients/${entry.company_id}/tickets/${entry.ticket_id}`}>{entry.ticket_title ?? `#${entry.ticket_id}`}</RouterLink>
                    ) : (
                      entry.ticket_title ?? '—'
                    )}
                  </Table.Cell>
                  <Table.Cell>{entry.company_name ?? '—'}</Table.Cell>
                  <Table.Cell>{entry.description}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(entry.time)}</Table.Cell>
                  <Table.Cell>{viewer ? <TimeEntryActions entry={entry} viewer={viewer} timeZone={timeZone} /> : null}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </ListStates>
  );

  return (
    <Stack gap="4">
      {monthly.data ? (
        <Suspense fallback={<Skeleton height="290px" rounded="md" role="status" aria-label={t('time.chartLoading')} />}>
          <MyTimeChart months={monthly.data} />
        </Suspense>
      ) : null}
      {viewer && canExportTime(viewer) && fromMonth !== '' ? <TimeExportLink agentId={agentId} fromMonth={fromMonth} toMonth={toMonth} timeZone={timeZone} /> : null}
      {body}
    </Stack>
  );
}
