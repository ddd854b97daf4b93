import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTicketStats } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats, useSession } from '@portal/session';
import { CounterStrip } from '../../components/counter-strip';
import { STATS_MONTHS, useTicketTimingCounters } from '../../components/ticket-timing';
import { shortMonthText } from '../../lib/month-text';
import { useDurations } from '../../lib/use-durations';
import { useT } from '../../messages';
import { ErrorAlert } from '@portal/ui';

/** /admins/stats: time to assignment and completion, and tickets opened and closed month by month ('Jul 2026', as every chart names a month). */
export function TicketStatsPage() {
  const timeZone = useSession((s) => s.timeZone);
  const { data, error } = useTicketStats(STATS_MONTHS, { timeZone });
  const t = useT();
  const messageText = useMessageText();
  const { locale } = useFormats();
  const durations = useDurations();
  const timingCounters = useTicketTimingCounters(data);

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        {t('stats.heading')}
      </Heading>
      <CounterStrip counters={timingCounters} />
      <ErrorAlert message={data ? null : error} />
      {!data && !error ? <Text color="fg.muted">{messageText(MESSAGES.loading)}</Text> : null}
      {data ? (
        <>
          <Box as="section" aria-label={t('stats.chartHeading')} borderWidth="1px" borderRadius="md" p="4">
            <Heading as="h2" size="sm" mb="3">
              {t('stats.chartHeading')}
            </Heading>
            <Box height="260px">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.map((month) => ({ ...month, label: shortMonthText(month.month, locale) }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" fontSize={12} />
                  <YAxis fontSize={12} allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {/* Recharts writes the legend and tooltip text in the bar colours: both pass 4.5:1 on white. */}
                  <Bar dataKey="opened" name={t('stats.opened')} fill="#2b6cb0" />
                  <Bar dataKey="closed" name={t('stats.closed')} fill="#276749" />
                </BarChart>
              </ResponsiveContainer>
            </Box>
          </Box>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('stats.tableLabel')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('stats.month')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('stats.opened')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('stats.closed')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('timing.toAssignment')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('timing.toCompletion')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.map((month) => (
                  <Table.Row key={month.month}>
                    <Table.Cell>{shortMonthText(month.month, locale)}</Table.Cell>
                    <Table.Cell textAlign="end">{month.opened}</Table.Cell>
                    <Table.Cell textAlign="end">{month.closed}</Table.Cell>
                    <Table.Cell textAlign="end">{durations.hours(month.avg_hours_to_assignment)}</Table.Cell>
                    <Table.Cell textAlign="end">{durations.hours(month.avg_hours_to_completion)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      ) : null}
    </Stack>
  );
}
