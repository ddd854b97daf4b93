import { lazy, Suspense, useState } from 'react';
import { Badge, Box, Grid, Separator, Stack, Text } from '@chakra-ui/react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TicketUpdate } from '@portal/contract';
import { errorMessage, useLookups, useTicket, useTicketMutations } from '@portal/api-client';
import {
  GROUP_CLIENT, MESSAGES, canDeleteActivity, canDeleteAttachment, canEditTicketField, canEditTicketText, canLogTime, canReadTicketHistory, canRespondToEstimate,
  canSeeTicketValue, canSetEstimate, canEditTasks, canUseTimer, leavesTicketScreen, type Viewer,
} from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { useSession, useViewer } from '@portal/session';
import { WholeMoney, ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
import { ActivityFeed } from './activity-feed';
import { AttachmentsPanel } from './components/attachments-panel';
import { ClientBlock } from './components/client-block';
import { DueDateField } from './due-date-field';
import { EstimateBlock } from './components/estimate-block';
import { HourBankSlot } from './components/hour-bank-slot';
import { FollowersSection } from './components/followers-section';
import { TicketTags } from './components/ticket-tags';
import { PresenceLine } from './components/presence-line';
import { StatusButtons } from './components/status-buttons';
import { TaskList } from './components/task-list';
import { TicketFields } from './components/ticket-fields';
import { TicketHeader } from './components/ticket-header';
import { TicketTextEditor } from './components/ticket-text-editor';
import { TicketTimeline } from './components/ticket-timeline';
import { TimeForm, TotalTime } from './components/time-form';
import { TimeList } from './components/time-list';
import { TimerButton } from './components/timer-button';
import { RefreshHoldContext, useRefreshHolds } from './hooks/use-refresh-hold';

// The History tab's code loads when the tab is first opened (the tabs mount it then): docs/performance.md#what-keeps-the-first-screen-small.
// The History tab's code and its words (the audit catalogue, in the reader's language) arrive together.
const TicketHistory = lazy(() => import('./ticket-history').then(async (module) => {
  await module.ready;
  return { default: module.TicketHistory };
}));

/**
 * The title; beside it from lg up, and below it on a narrower screen before everything else, the panel with the
 * status buttons and the estimate's Accept and Reject (docs/product/tickets.md#ticket-screen): on a phone they are
 * near the top, not after the whole feed. The panel comes second in the page's order too.
 */
const TICKET_AREAS = { base: '"title" "panel" "main"', lg: '"title panel" "main panel"' };

/** Before the session has loaded: a client with no companies sees nothing it may change. */
const NOBODY: Viewer = { contactId: 0, groupId: GROUP_CLIENT, companyIds: [], primaryCompanyIds: [] };

/** The ticket detail screen, route clients/:clientId/tickets/:ticketId (docs/product/tickets.md#ticket-screen). */
export function TicketDetailPage() {
  const params = useParams();
  const ticketId = Number(params.ticketId);
  const validId = Number.isInteger(ticketId) && ticketId > 0;
  const contact = useSession((s) => s.contact);
  const timeZone = useSession((s) => s.timeZone);
  const dashboard = useSession((s) => s.dashboard);
  const viewer: Viewer = useViewer() ?? NOBODY;
  const navigate = useNavigate();
  const location = useLocation();
  const lookups = useLookups();
  const { held, setHold } = useRefreshHolds();
  const { data: ticket, error: loadError, isLoading } = useTicket(validId ? ticketId : null, { poll: true, held });
  const { update } = useTicketMutations();
  const [changeError, setChangeError] = useState<string | null>(null);
  const t = useT();
  const messageText = useMessageText();

  async function change(changes: TicketUpdate): Promise<boolean> {
    setChangeError(null);
    try {
      const saved = await update(ticketId, changes);
      // Setting status 5 or 6 goes back one step, to the dashboard when this page was the first (docs/product/tickets.md#ticket-screen).
      if (changes.status_id !== undefined && leavesTicketScreen(saved.status_id)) {
        if (location.key !== 'default') void navigate(-1);
        else void navigate(dashboard || '/');
      }
      return true;
    } catch (failure) {
      setChangeError(errorMessage(failure));
      return false;
    }
  }

  /** The title and description from their editor: the failure's message (the editor keeps what was typed), or null. */
  async function saveText(changes: TicketUpdate): Promise<string | null> {
    try {
      await update(ticketId, changes);
      return null;
    } catch (failure) {
      return errorMessage(failure, MESSAGES.ticketSaveFailed);
    }
  }

  if (!validId) return <ErrorAlert message={MESSAGES.inputOutOfRange} />;

  return (
    <RefreshHoldContext.Provider value={setHold}>
      <Stack gap="4" py="4">
        {isLoading ? (
          <Box>
            <Badge colorPalette="blue" variant="subtle" size="lg">
              {messageText(MESSAGES.loadingTicket)}
            </Badge>
          </Box>
        ) : null}
        <ErrorAlert message={changeError ?? (loadError ? errorMessage(loadError, MESSAGES.ticketNotFound) : null)} />
        {ticket ? (
          <Grid
            templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 340px' }}
            templateRows={{ lg: 'auto 1fr' }}
            templateAreas={TICKET_AREAS}
            columnGap="6"
            rowGap="4"
            alignItems="start"
          >
            <Box gridArea="title" minW="0">
              <TicketHeader ticket={ticket} lookups={lookups} />
              <PresenceLine ticketId={ticket.ticket_id} />
            </Box>
            <Stack as="aside" gridArea="panel" aria-label={t('ticket.details')} gap="4" borderWidth="1px" rounded="lg" p="4" bg="bg.panel">
              <ClientBlock ticket={ticket} timeZone={timeZone} />
              <FollowersSection ticket={ticket} viewer={viewer} />
              <TicketTags ticket={ticket} viewer={viewer} />
              <Separator />
              <EstimateBlock ticket={ticket} canSet={canSetEstimate(viewer)} canAnswer={canRespondToEstimate(viewer)} onChange={change} />
              <HourBankSlot ticket={ticket} viewer={viewer} part="approval" />
              <Separator />
              <DueDateField ticket={ticket} canEdit={canEditTicketField(viewer)} timeZone={timeZone} onChange={change} />
              <StatusButtons ticket={ticket} viewer={viewer} onChange={change} />
              <Separator />
              <TicketFields ticket={ticket} viewer={viewer} lookups={lookups} onChange={change} />
              {canSeeTicketValue(viewer) && ticket.value !== undefined ? (
                <>
                  <Separator />
                  <Stack gap="0" role="group" aria-label={t('ticket.value')}>
                    <Text fontWeight="semibold">{t('ticket.value')}</Text>
                    <WholeMoney amount={ticket.value} fontSize="2xl" data-testid="ticket-value" />
                  </Stack>
                </>
              ) : null}
              <Separator />
              <TotalTime ticketId={ticket.ticket_id} />
              {canLogTime(viewer) ? <TimeList ticketId={ticket.ticket_id} viewer={viewer} timeZone={timeZone} /> : null}
              {canLogTime(viewer) && contact ? <TimeForm ticketId={ticket.ticket_id} contactId={contact.contact_id} /> : null}
              {canUseTimer(viewer) ? <TimerButton ticketId={ticket.ticket_id} /> : null}
              <HourBankSlot ticket={ticket} viewer={viewer} part="balance" />
            </Stack>
            <Stack gap="4" minW="0" gridArea="main">
              <TicketTextEditor ticket={ticket} canEdit={canEditTicketText(viewer, ticket)} onSave={saveText} />
              <TaskList ticket={ticket} canEdit={canEditTasks(viewer)} />
              <AttachmentsPanel
                ticketId={ticket.ticket_id}
                canDelete={(attachment) => canDeleteAttachment(viewer, ticket, attachment.contact_id)}
              />
              <TicketTimeline
                activity={<ActivityFeed ticketId={ticket.ticket_id} canDelete={canDeleteActivity(viewer)} timeZone={timeZone} poll={!held} />}
                history={
                  canReadTicketHistory(viewer) ? (
                    <Suspense fallback={null}>
                      <TicketHistory ticket={ticket} lookups={lookups} timeZone={timeZone} poll={!held} />
                    </Suspense>
                  ) : null
                }
              />
            </Stack>
          </Grid>
        ) : null}
      </Stack>
    </RefreshHoldContext.Provider>
  );
}
