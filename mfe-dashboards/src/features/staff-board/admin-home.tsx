import { Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useCompanies, useStaffTickets, useTicketStats } from '@portal/api-client';
import { useSession } from '@portal/session';
import { CompanyPicker } from '../../components/company-picker';
import { CounterStrip } from '../../components/counter-strip';
import { useBoardQuery } from '../../hooks/use-board-query';
import { SavedViewsPanel } from '../../components/saved-views-panel';
import { SaveViewButton } from '../../components/save-view-button';
import { TagFilter } from '../../components/tag-filter';
import { TicketBoard, type BoardView } from '../../components/ticket-board';
import { STATS_MONTHS, useTicketTimingCounters } from '../../components/ticket-timing';
import { useT } from '../../messages';

/** The admin dashboard's heading and its link to the stats; also its first screen rendered at build time (src/prerender.tsx). */
export function AdminHomeHeading() {
  const t = useT();
  return (
    <HStack justify="space-between" wrap="wrap">
      <Heading as="h1" size="2xl">
        {t('admin.heading')}
      </Heading>
      <HStack gap="4">
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/admins/stats">{t('admin.statsLink')}</RouterLink>
        </Link>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/admins/stats/response-times">{t('admin.responseTimesLink')}</RouterLink>
        </Link>
        <Link asChild colorPalette="blue" fontSize="sm">
          <RouterLink to="/admins/releases">{t('admin.releasesLink')}</RouterLink>
        </Link>
      </HStack>
    </HStack>
  );
}

/** /admins: the main list screen for admins (List, a page at a time, or Kanban of every company's open tickets). */
export function AdminHome() {
  const timeZone = useSession((s) => s.timeZone);
  const t = useT();
  const [view, setView] = useState<BoardView>('kanban');
  const [busy, setBusy] = useState(false);
  const { tags, setTags } = useBoardQuery(setView);
  // The List view pages the staff list from the server (TicketBoard pagedList); the kanban reads its board whole.
  const tickets = useStaffTickets(view === 'kanban' ? 'kanban' : null, { paused: busy, tags });
  const { data: companies } = useCompanies();
  const stats = useTicketStats(STATS_MONTHS, { timeZone });
  const timingCounters = useTicketTimingCounters(stats.data);
  const onBusyChange = useCallback((next: boolean) => setBusy(next), []);

  return (
    <Stack gap="5">
      <AdminHomeHeading />
      <SavedViewsPanel />
      <TicketBoard
        tickets={tickets.data}
        error={tickets.error}
        view={view}
        onViewChange={setView}
        onBusyChange={onBusyChange}
        pagedList
        tags={tags}
        onClearTags={() => setTags([])}
        toolbar={(
          <>
            <CompanyPicker companies={companies ?? []} label={t('admin.goToCompany')} placeholder={t('admin.goToCompanyPlaceholder')} />
            <TagFilter tags={tags} onChange={setTags} />
            <SaveViewButton board={view} tags={tags} />
          </>
        )}
        kanbanCounters={<CounterStrip counters={timingCounters} />}
      />
    </Stack>
  );
}
