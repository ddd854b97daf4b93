import { Link } from '@chakra-ui/react';
import { useApiClient } from '@portal/api-client';
import { useT } from '../../../messages';

/** The first day of `fromMonth` and the last of `toMonth` ('YYYY-MM' each), as 'YYYY-MM-DD'. */
function monthRangeDays(fromMonth: string, toMonth: string): { from: string; to: string } {
  const [year, month] = toMonth.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${fromMonth}-01`, to: `${toMonth}-${String(last).padStart(2, '0')}` };
}

/**
 * "Export CSV" of the Time tab (docs/product/integrations.md#exports): the agent's entries of the months the tab shows,
 * in the viewer's time zone. A plain link: the browser sends the session cookie and saves the file.
 */
export function TimeExportLink({ agentId, fromMonth, toMonth, timeZone }: { agentId: number; fromMonth: string; toMonth: string; timeZone: string }) {
  const client = useApiClient();
  const t = useT();
  const href = client.exports.timeUrl({ ...monthRangeDays(fromMonth, toMonth), time_zone: timeZone, contact_id: agentId });
  return (
    <Link href={href} download colorPalette="blue" fontSize="sm" alignSelf="flex-end">
      {t('export.csv')}
    </Link>
  );
}
