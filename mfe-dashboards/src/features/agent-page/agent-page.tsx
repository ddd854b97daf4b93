import { Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useContact, useTicketStats } from '@portal/api-client';
import { formatUsd, isOverdue, isHiddenInAgentList, MESSAGES } from '@portal/domain';
import { useSession } from '@portal/session';
import { CounterStrip } from '../../components/counter-strip';
import { NotFoundPage } from '@portal/ui';
import { TicketBoard, type BoardView } from '../../components/ticket-board';
import { STATS_MONTHS, ticketTimingCounters } from '../../components/ticket-timing';
import { useBoardQuery } from '../../hooks/use-board-query';
import { SavedViewsPanel } from '../../components/saved-views-panel';
import { SaveViewButton } from '../../components/save-view-button';
import { TagFilter } from '../../components/tag-filter';
import { TimeTab } from './components/time-tab';
import { useAgentDashboard } from './hooks/use-agent-dashboard';

const TABS = ['tickets', 'time'] as const;

/** Pay is private to the agent and admins: anyone else sees a dash, not a figure that never loads. */
function income(total: { data?: { pay: number }; error?: unknown }): string {
  if (total.data) return formatUsd(total.data.pay);
  return total.error ? '—' : '…';
}
type AgentTab = (typeof TABS)[number];

function isTab(value: string | undefined): value is AgentTab {
  return (TABS as readonly (string | undefined)[]).includes(value);
}

/** /agents (the viewer) and /agents/{agentId}/{tab}: tabs tickets (default) and time. */
export function AgentPage() {
  const params = useParams();
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
          Agent Dashboard
        </Heading>
        {person ? (
          <Text color="fg.muted">
            {person.first_name} {person.last_name}
          </Text>
        ) : null}
      </Stack>

      <CounterStrip
        counters={[
          { label: 'Total', value: tickets.data ? shown.length : '…' },
          { label: 'Overdue', value: tickets.data ? overdue : '…' },
          { label: 'Income', value: income(current) },
          { label: 'YTD Income', value: income(ytd) },
        ]}
      />

      <Tabs.Root value={tab} onValueChange={({ value }) => navigate(`/agents/${agentId}/${value}`)} lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="tickets">Tickets</Tabs.Trigger>
          <Tabs.Trigger value="time">Time</Tabs.Trigger>
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
            emptyText={MESSAGES.takeABreak}
            kanbanCounters={<CounterStrip counters={ticketTimingCounters(stats.data)} />}
          />
        </Tabs.Content>
        <Tabs.Content value="time">
          <TimeTab agentId={agentId} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}
