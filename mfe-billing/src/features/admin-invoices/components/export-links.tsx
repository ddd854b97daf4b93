import { HStack, Link } from '@chakra-ui/react';
import { useApiClient } from '@portal/api-client';
import { useT } from '../../../messages';

/** The first and last day ('YYYY-MM-DD') of a month 'YYYY-MM'. */
function monthDays(month: string): { from: string; to: string } {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/**
 * The admin invoices screen's exports (docs/product/integrations.md#exports): the shown month's time entries and every
 * issued invoice, as CSV files. Plain links: the browser sends the session cookie and saves the streamed file.
 */
export function ExportLinks({ month, timeZone }: { month: string; timeZone: string }) {
  const t = useT();
  const client = useApiClient();
  return (
    <HStack gap="4" fontSize="sm">
      <Link href={client.exports.timeUrl({ ...monthDays(month), time_zone: timeZone })} download colorPalette="blue">
        {t('exports.time')}
      </Link>
      <Link href={client.exports.invoicesUrl()} download colorPalette="blue">
        {t('exports.invoices')}
      </Link>
    </HStack>
  );
}
