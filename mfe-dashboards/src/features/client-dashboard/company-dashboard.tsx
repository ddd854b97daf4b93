import { Button, Center, Grid, Heading, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { FileText, Settings } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isApiError, useCompanies, useCompanyContacts, useLookupList, errorMessage } from '@portal/api-client';
import { useMessageText } from '@portal/i18n/message-text';
import type { CompanyTimeTotal } from '@portal/contract';
import {
  activeCount, canChangeCompanyMode, canEditCompanyNote, canReadCompanyInvoices, canListAllCompanies, formatMoney, formatUnitsHhmm, layoutClientDashboard, type Formats, type Viewer,
} from '@portal/domain';
import { useFormats, useSession } from '@portal/session';
import { PlanHours } from '@portal/features';
import { CompanyPicker, type CompanyChoice } from '../../components/company-picker';
import { CounterStrip } from '../../components/counter-strip';
import { NotAuthorized } from '@portal/ui';
import { useCompanyDashboard, useCompanyDashboardMutations, useCompanyHistoryList } from './hooks/use-company-dashboard';
import { CompanySummaryCard } from './components/company-summary-card';
import { CompletedTickets } from './completed-tickets';
import { ModeSelector } from './components/mode-selector';
import { NewTicketDialog } from './components/new-ticket-dialog';
import { NotesBlock } from './components/notes-block';
import { TicketColumns } from './ticket-columns';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';

/** A period total: its value in the agency's currency when the viewer may see money, else the logged time. */
function totalText(total: CompanyTimeTotal | undefined, formats: Formats): string {
  if (!total) return '…';
  return total.value !== undefined ? formatMoney(total.value, formats) : formatUnitsHhmm(total.total_time);
}

/** The companies this viewer may switch between: a client's own, or every company for staff. */
function useCompanyChoices(viewer: Viewer): CompanyChoice[] {
  const contact = useSession((s) => s.contact);
  const staff = canListAllCompanies(viewer);
  const { data } = useCompanies();
  return useMemo(() => {
    if (staff || !contact) return data ?? [];
    return contact.companies.map((link) => ({ company_id: link.company_id, name: link.name }));
  }, [staff, contact, data]);
}

export function CompanyDashboard({ companyId, viewer }: { companyId: number; viewer: Viewer }) {
  const timeZone = useSession((s) => s.timeZone);
  const formats = useFormats();
  const t = useT();
  const messageText = useMessageText();
  const [open, setOpen] = useState({ newTicket: false, notes: false, modeDialog: false });
  const paused = open.newTicket || open.notes || open.modeDialog;
  const { company, tickets, current, ytd } = useCompanyDashboard(companyId, { paused, timeZone });
  const history = useCompanyHistoryList(companyId, { paused });
  const historyShown = history.data?.tickets.length ?? 0;
  const loadingMore = history.isValidating && historyShown < Math.min(history.limit, history.data?.total ?? 0);
  const { data: contacts } = useCompanyContacts(companyId);
  const mutations = useCompanyDashboardMutations();
  const statuses = useLookupList('status-defaults');
  const priorities = useLookupList('priority-defaults');
  const modes = useLookupList('mode-defaults');
  const choices = useCompanyChoices(viewer);
  const layout = useMemo(() => layoutClientDashboard(tickets.data ?? []), [tickets.data]);

  const refused = [company.error, tickets.error].some((error) => isApiError(error) && (error.status === 403 || error.status === 404));
  if (refused) return <NotAuthorized />;
  if (!company.data) {
    if (company.error) {
      return <ErrorAlert message={company.error} />;
    }
    return (
      <Center py="16">
        <Spinner size="lg" color="blue.500" role="status" aria-label={t('common.loading')} />
      </Center>
    );
  }

  const record = company.data;
  const primary = contacts?.find((c) => c.primary === 1) ?? contacts?.[0];

  return (
    <Stack gap="5">
      <HStack justify="space-between" align="flex-start" wrap="wrap" gap="3">
        <Stack gap="2">
          <HStack gap="2">
            <Heading as="h1" size="2xl">
              {record.name}
            </Heading>
            <IconButton asChild aria-label={t('company.settings')} variant="ghost" size="sm">
              <RouterLink to={`/clients/${companyId}/info`}>
                <Settings />
              </RouterLink>
            </IconButton>
            {canReadCompanyInvoices(viewer, companyId) ? (
              <Button asChild variant="ghost" size="sm">
                <RouterLink to={`/clients/${companyId}/invoices`}>
                  <FileText aria-hidden /> {t('company.invoices')}
                </RouterLink>
              </Button>
            ) : null}
          </HStack>
          <HStack gap="3" wrap="wrap">
            {choices.length > 1 ? <CompanyPicker companies={choices} value={companyId} label={t('company.switch')} /> : null}
            {canChangeCompanyMode(viewer) ? (
              <ModeSelector
                mode={record.mode}
                modes={modes}
                onSave={(mode) => mutations.saveMode(companyId, mode)}
                onDialogChange={(dialog) => setOpen((o) => ({ ...o, modeDialog: dialog }))}
              />
            ) : null}
          </HStack>
        </Stack>
        <NewTicketDialog
          companyId={companyId}
          open={open.newTicket}
          onOpenChange={(next) => setOpen((o) => ({ ...o, newTicket: next }))}
          onCreated={() => void mutations.ticketCreated(companyId)}
        />
      </HStack>

      <CounterStrip
        counters={[
          { label: t('company.active'), value: tickets.data ? activeCount(tickets.data) : '…' },
          { label: t('company.currentTotal'), value: totalText(current.data, formats) },
          { label: t('company.ytdTotal'), value: totalText(ytd.data, formats) },
        ]}
      />

      {tickets.error && !tickets.data ? (
        <Text color="red.600">{messageText(errorMessage(tickets.error))}</Text>
      ) : null}

      <TicketColumns layout={layout} statuses={statuses} priorities={priorities} />

      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4">
          {canEditCompanyNote(viewer) ? (
            <NotesBlock
              note={record.note}
              onSave={(note) => mutations.saveNote(companyId, note)}
              onEditingChange={(editing) => setOpen((o) => ({ ...o, notes: editing }))}
            />
          ) : null}
          <CompletedTickets page={history.data} error={history.error} loadingMore={loadingMore} onShowMore={history.showMore} />
        </Stack>
        <Stack gap="4">
          <CompanySummaryCard company={record} contact={primary} viewer={viewer} />
          <PlanHours companyId={companyId} viewer={viewer} />
        </Stack>
      </Grid>
    </Stack>
  );
}
