import { Box, Heading } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyTime } from '@portal/contract';
import { formatUnitsHhmm, shortMonthLabel, unitsToHours } from '@portal/domain';

/** The My Time chart: hours logged in each of the last 6 months, oldest first. */
export function MyTimeChart({ months }: { months: readonly MonthlyTime[] }) {
  const data = months.map((m) => ({ month: shortMonthLabel(m.month), hours: unitsToHours(m.total_time), units: m.total_time }));
  return (
    <Box as="section" aria-label="My Time" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="sm" mb="3">
        My Time
      </Heading>
      <Box height="220px" data-testid="my-time-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} unit=" h" />
            <Tooltip formatter={(_value, _name, item) => [formatUnitsHhmm(Number(item.payload.units)), 'Time']} />
            {/* The tooltip writes its text in the bar colour: it passes 4.5:1 on white. */}
            <Bar dataKey="hours" name="Hours" fill="#2b6cb0" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </Box>
      {/* The figures in text, for screen readers and for when the chart cannot draw. */}
      <Box as="ul" srOnly>
        {data.map((d) => (
          <li key={d.month}>
            {d.month}: {formatUnitsHhmm(d.units)}
          </li>
        ))}
      </Box>
    </Box>
  );
}
