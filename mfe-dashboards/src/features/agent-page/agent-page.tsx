import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useContact, useTicketStats } from '@portal/api-client';
import { formatMoney, isOverdue, isHiddenInAgentList, MESSAGES, type Formats } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats, useSession } from '@portal/session';
import { CounterStrip } from '../../components/counter-strip';
import { NotFoundPage } from '@portal/ui';
import { TicketBoard, type BoardView } from '../../components/ticket-board';
import { STATS_MONTHS, useTicketTimingCounters } from '../../components/ticket-timing';
import { useBoardQuery } from '../../hooks/use-board-query';
import { SavedViewsPanel } from '../../components/saved-views-panel';
import { SaveViewButton } from '../../components/save-view-button';
import { TagFilter } from '../../components/tag-filter';
import { TimeTab } from './components/time-tab';
import { useAgentDashboard } from './hooks/use-agent-dashboard';
import { useT } from '../../messages';

const TABS = ['tickets', 'time'] as const;

/** Pay is private to the agent and admins: anyone else sees a dash, not a figure that never loads. */
function income(total: { data?: { pay: number }; error?: unknown }, formats: Formats): string {
  if (total.data) return formatMoney(total.data.pay, formats);
  return total.error ? '—' : '…';
}
type AgentTab = (typeof TABS)[number];

function isTab(value: string | undefined): value is AgentTab {
  return (TABS as readonly (string | undefined)[]).includes(value);
}

/** /agents (the viewer) and /agents/{agentId}/{tab}: tabs tickets (default) and time. */
export function AgentPage() {
  const params = useParams();
  const t = useT();
  const messageText = useMessageText();
  const formats = useFormats();
  const navigate = useNavigate();
  const viewer = useSession((s) => s.contact);
  const timeZone = useSession((s) => s.timeZone);
  const agentId = params.agentId === undefined ? viewer?.contact_id ?? 0 : Number(params.agentId);
  const tab: AgentTab = isTab(params.tab) ? params.tab : 'tickets';
  const isSelf = agentId === viewer?.contact_id;
  const { data: other } = useContact(isSelf ? null : agentId);
  const person = isSelf ? viewer : other;
  const { tickets, current, ytd } = useAgentDashboard(agentId, { timeZone });
  const stats = useTicketStats(STATS_MONTHS, { timeZone });
  const timingCounters = useTicketTimingCounters(stats.data);
  const [view, setView] = useState<BoardView>('list');
  const { tags, setTags } = useBoardQuery(setView);

  const shown = useMemo(() => (tickets.data ?? []).filter((t) => !isHiddenInAgentList(t)), [tickets.data]);
  const overdue = useMemo(() => {
    const now = new Date();
    return shown.filter((t) => isOverdue(t, now)).length;
  }, [shown]);

  // /agents/time, /agents/0: no agent's page is at such an address (another agent's is the API's to refuse).
  if (!Number.isInteger(agentId) || agentId <= 0) return <NotFoundPage />;
  if (params.tab !== undefined && !isTab(params.tab)) return <Navigate to={`/agents/${agentId}/tickets`} replace />;

  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          {t('agent.heading')}
        </Heading>
        {person ? (
          <Text color="fg.muted">
            {person.first_name} {person.last_name}
          </Text>
        ) : null}
      </Stack>

      <CounterStrip
        counters={[
          { label: t('agent.total'), value: tickets.data ? shown.length : '…' },
          { label: t('agent.overdue'), value: tickets.data ? overdue : '…' },
          { label: t('agent.income'), value: income(current, formats) },
          { label: t('agent.ytdIncome'), value: income(ytd, formats) },
        ]}
      />

      <Tabs.Root value={tab} onValueChange={({ value }) => navigate(`/agents/${agentId}/${value}`)} lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="tickets">{t('agent.ticketsTab')}</Tabs.Trigger>
          <Tabs.Trigger value="time">{t('agent.timeTab')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="tickets">
          {isSelf ? <Stack mb="4"><SavedViewsPanel /></Stack> : null}
          <TicketBoard
            tickets={tickets.data}
            error={tickets.error}
            view={view}
            onViewChange={setView}
            hideOnHold
            tags={tags}
            onClearTags={() => setTags([])}
            toolbar={(
              <>
                <TagFilter tags={tags} onChange={setTags} />
                {isSelf ? <SaveViewButton board={view} tags={tags} /> : null}
              </>
            )}
            emptyText={messageText(MESSAGES.takeABreak)}
            kanbanCounters={<CounterStrip counters={timingCounters} />}
          />
        </Tabs.Content>
        <Tabs.Content value="time">
          <TimeTab agentId={agentId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
