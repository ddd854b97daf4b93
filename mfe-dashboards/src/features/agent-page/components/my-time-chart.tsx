import { Box, Heading } from '@chakra-ui/react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MonthlyTime } from '@portal/contract';
import { formatUnitsHhmm, unitsToHours } from '@portal/domain';
import { useFormats } from '@portal/session';
import { shortMonthText } from '../../../lib/month-text';
import { useT } from '../../../messages';

/** The My Time chart: hours logged in each of the last 6 months, oldest first. */
export function MyTimeChart({ months }: { months: readonly MonthlyTime[] }) {
  const t = useT();
  const { locale } = useFormats();
  const data = months.map((m) => ({ month: shortMonthText(m.month, locale), hours: unitsToHours(m.total_time), units: m.total_time }));
  return (
    <Box as="section" aria-label={t('time.chartHeading')} borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="sm" mb="3">
        {t('time.chartHeading')}
      </Heading>
      <Box height="220px" data-testid="my-time-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="month" fontSize={12} />
            <YAxis fontSize={12} allowDecimals={false} unit={t('time.chartUnit')} />
            <Tooltip formatter={(_value, _name, item) => [formatUnitsHhmm(Number(item.payload.units)), t('time.time')]} />
            {/* The tooltip writes its text in the bar colour: it passes 4.5:1 on white. */}
            <Bar dataKey="hours" name={t('time.chartHours')} fill="#2b6cb0" radius={[4, 4, 0, 0]} />
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
