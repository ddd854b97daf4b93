import { Box, Heading, Stack, Table, Text } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTicketStats } from '@portal/api-client';
import { formatDurationHours, MESSAGES, shortMonthLabel } from '@portal/domain';
import { useSession } from '@portal/session';
import { CounterStrip } from '../../components/counter-strip';
import { STATS_MONTHS, ticketTimingCounters } from '../../components/ticket-timing';
import { ErrorAlert } from '@portal/ui';

/** /admins/stats: time to assignment and completion, and tickets opened and closed month by month ('Jul 2026', as every chart names a month). */
export function TicketStatsPage() {
  const timeZone = useSession((s) => s.timeZone);
  const { data, error } = useTicketStats(STATS_MONTHS, { timeZone });

  return (
    <Stack gap="5">
      <Heading as="h1" size="2xl">
        Ticket Stats
      </Heading>
      <CounterStrip counters={ticketTimingCounters(data)} />
      <ErrorAlert message={data ? null : error} />
      {!data && !error ? <Text color="fg.muted">{MESSAGES.loading}</Text> : null}
      {data ? (
        <>
          <Box as="section" aria-label="Tickets opened and closed" borderWidth="1px" borderRadius="md" p="4">
            <Heading as="h2" size="sm" mb="3">
              Tickets opened and closed
            </Heading>
            <Box height="260px">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.map((month) => ({ ...month, label: shortMonthLabel(month.month) }))} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" fontSize={12} />
                  <YAxis fontSize={12} allowDecimals={false} />
                  <Tooltip />
                  <Legend />
                  {/* Recharts writes the legend and tooltip text in the bar colours: both pass 4.5:1 on white. */}
                  <Bar dataKey="opened" name="Opened" fill="#2b6cb0" />
                  <Bar dataKey="closed" name="Closed" fill="#276749" />
                </BarChart>
              </ResponsiveContainer>
            </Box>
          </Box>
          <Table.Root size="sm" aria-label="Tickets by month">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Month</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Opened</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Closed</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Time to Assignment</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Time to Completion</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((month) => (
                <Table.Row key={month.month}>
                  <Table.Cell>{shortMonthLabel(month.month)}</Table.Cell>
                  <Table.Cell textAlign="end">{month.opened}</Table.Cell>
                  <Table.Cell textAlign="end">{month.closed}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDurationHours(month.avg_hours_to_assignment)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatDurationHours(month.avg_hours_to_completion)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </>
      ) : null}
    </Stack>
  );
}
