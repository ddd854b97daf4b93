import { Link } from '@chakra-ui/react';
import type { ListPrefs } from '@portal/domain';
import { useApiClient } from '@portal/api-client';
import { useT } from '../messages';

/**
 * "Export CSV" of the staff list (docs/product/integrations.md#exports): a plain link to the export under the list's
 * status filters, Maintenance Only and tags; the browser sends the session cookie and saves the file.
 */
export function ExportTicketsLink({ prefs, tags }: { prefs: Pick<ListPrefs, 'statusFilters' | 'maintenanceOnly'>; tags: readonly string[] }) {
  const client = useApiClient();
  const t = useT();
  const href = client.exports.ticketsUrl({
    statuses: [...prefs.statusFilters], maintenance_only: prefs.maintenanceOnly ? 1 : 0, ...(tags.length > 0 ? { tag: [...tags] } : {}),
  });
  return (
    <Link href={href} download colorPalette="blue" fontSize="sm">
      {t('export.csv')}
    </Link>
  );
}
