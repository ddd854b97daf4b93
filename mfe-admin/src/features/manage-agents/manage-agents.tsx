import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone, Ticket } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AgentContact } from '@portal/contract';
import { useAgentMutations, useAgentPlacements, useAgents, useLookupList } from '@portal/api-client';
import { MESSAGES, formatMoney, isStaff, lookupName, type AgentPlacements } from '@portal/domain';
import { useAccountSecurityActions } from '@portal/features';
import { useMessageText } from '@portal/i18n/message-text';
import { useFormats } from '@portal/i18n/react';
import { ConfirmDialog, ErrorAlert, ListStates, useConfirmedDelete } from '@portal/ui';
import { useT } from '../../messages';
import { AddAgentForm } from './add-agent-form';
import { PayRateForm } from './pay-rate-form';

/**
 * Manage Agents (docs/product/companies-and-contacts.md#agents): agents by contact id under column headers, with their
 * tickets, time, mail and phone as named links, 'Edit rate' (#pay-rate) and Delete, whose confirmation says where the
 * agent is named (#deleting-an-agent); Add agent. Reset two-factor (only for an agent who has a second factor) and
 * Sign out everywhere: docs/product/accounts-and-roles.md#account-security.
 */
export function ManageAgents() {
  const t = useT();
  const formats = useFormats();
  const { data: agents, error } = useAgents();
  const { remove } = useAgentMutations();
  const groups = useGroups();
  const [adding, setAdding] = useState(false);
  const [rating, setRating] = useState<AgentContact | null>(null);
  const deletion = useConfirmedDelete((agent: { id: number; name: string }) => remove(agent.id), { failureMessage: MESSAGES.deleteAgentFailed });
  const placements = useAgentPlacements(deletion.pending?.id ?? null);
  const security = useAccountSecurityActions();
  const deleteMessage = useDeleteMessage();

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">{t('manageAgents.heading')}</Heading>
        {adding ? null : <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>{t('manageAgents.add')}</Button>}
      </HStack>
      {adding ? <AddAgentForm groups={groups} onDone={() => setAdding(false)} /> : null}
      {rating ? <PayRateForm key={rating.contact_id} agent={rating} onDone={() => setRating(null)} /> : null}
      <ErrorAlert message={deletion.error ?? security.error} />
      {security.done ? <Text role="status">{security.done}</Text> : null}
      <ListStates data={agents} error={error}>
        {(list) => (
        // Seven columns: on a narrow screen the table scrolls sideways rather than squeezing them.
        <Table.ScrollArea>
        <Table.Root size="sm" aria-label={t('manageAgents.table')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('manageAgents.colId')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manageAgents.colName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manageAgents.colGroup')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manageAgents.colPayRate')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manageAgents.colTwoFactor')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('manageAgents.colWork')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('manageAgents.colActions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((agent) => {
              const name = `${agent.first_name} ${agent.last_name}`;
              const id = agent.contact_id;
              return (
                <Table.Row key={id} aria-label={name}>
                  <Table.Cell w="12" color="fg.muted">{id}</Table.Cell>
                  <Table.Cell fontWeight="medium">{name}</Table.Cell>
                  <Table.Cell color="fg.muted">{lookupName(groups, agent.group_id)}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="2">
                      {agent.pay_rate === null ? null : <Text as="span">{t('manageAgents.ratePerHour', { rate: formatMoney(agent.pay_rate, formats) })}</Text>}
                      <Button size="xs" variant="ghost" aria-label={t('manageAgents.editRateFor', { name })} onClick={() => setRating(agent)}>{t('manageAgents.editRate')}</Button>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color={agent.has_second_factor ? undefined : 'fg.muted'}>{agent.has_second_factor ? t('manageAgents.twoFactorOn') : t('manageAgents.twoFactorOff')}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="3" wrap="wrap">
                      <RowLink to={`/agents/${id}/tickets`} label={t('manageAgents.ticketsOf', { name })} icon={<Ticket size={14} />}>{t('manageAgents.tickets')}</RowLink>
                      <RowLink to={`/agents/${id}/time`} label={t('manageAgents.timeOf', { name })} icon={<Clock size={14} />}>{t('manageAgents.time')}</RowLink>
                      <RowLink href={`mailto:${agent.email}`} label={t('manageAgents.emailTo', { name })} title={agent.email} icon={<Mail size={14} />}>{t('manageAgents.email')}</RowLink>
                      {agent.phone ? <RowLink href={`tel:${agent.phone}`} label={t('manageAgents.callTo', { name })} title={agent.phone} icon={<Phone size={14} />}>{t('manageAgents.call')}</RowLink> : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="end">
                      {/* Only someone with an app or a passkey has a second factor to reset. */}
                      {agent.has_second_factor ? (
                        <Button size="xs" variant="ghost" aria-label={t('manageAgents.resetTwoFactorFor', { name })} onClick={() => security.ask({ id, name, action: 'reset-second-factor' })}>
                          {t('manageAgents.resetTwoFactor')}
                        </Button>
                      ) : null}
                      <Button size="xs" variant="ghost" aria-label={t('manageAgents.signOutEverywhereFor', { name })} onClick={() => security.ask({ id, name, action: 'end-sessions' })}>
                        {t('manageAgents.signOutEverywhere')}
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('manageAgents.deleteFor', { name })} onClick={() => deletion.ask({ id, name })}>
                        {t('manageAgents.delete')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        </Table.ScrollArea>
        )}
      </ListStates>
      <ConfirmDialog
        {...deletion.dialog}
        title={deletion.pending ? t('manageAgents.deleteTitle', { name: deletion.pending.name }) : undefined}
        message={deleteMessage(deletion.pending?.name, placements)}
        busy={deletion.busy || (deletion.pending !== null && !placements.data && !placements.error)}
      />
      {security.dialog}
    </Stack>
  );
}

/**
 * A row's link: its visible word beside its icon; its name starts with that word and says whose it is. `to`: a page
 * of the portal; `href`: mail or phone.
 */
function RowLink({ to, href, label, title, icon, children }: { to?: string; href?: string; label: string; title?: string; icon: ReactNode; children: string }) {
  const content = <HStack as="span" gap="1">{icon}<span>{children}</span></HStack>;
  return to ? (
    <Link asChild aria-label={label} title={title} whiteSpace="nowrap"><RouterLink to={to}>{content}</RouterLink></Link>
  ) : (
    <Link href={href} aria-label={label} title={title} whiteSpace="nowrap">{content}</Link>
  );
}

/** The confirmation: where the agent is named and what goes back to Backlog, then the catalogue's text. */
function useDeleteMessage(): (name: string | undefined, placements: ReturnType<typeof useAgentPlacements>) => string {
  const t = useT();
  const text = useMessageText();
  const confirm = text(MESSAGES.confirmDeleteAgent);
  return (name, placements) => {
    if (name === undefined) return confirm;
    if (placements.data) return `${placementsText(t, name, placements.data)} ${confirm}`;
    if (placements.error) return `${t('manageAgents.placementsUnread', { name })} ${confirm}`;
    return t('manageAgents.placementsChecking', { name });
  };
}

/** Names as a sentence lists them: 'A, B and C' ('A, B und C'). */
function listed(t: ReturnType<typeof useT>, names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return t('manageAgents.listLast', { rest: names.slice(0, -1).join(', '), last: names[names.length - 1] });
}

/**
 * The sentences before the catalogue's text (the words of @portal/domain's agentPlacementsText): which companies have
 * the agent as default agent, which type assignments name it, and how many open tickets go back to Backlog.
 */
function placementsText(t: ReturnType<typeof useT>, name: string, placements: AgentPlacements): string {
  const parts: string[] = [];
  if (placements.default_agent_of.length > 0) {
    parts.push(t('manageAgents.placementsDefaultAgent', { name, companies: listed(t, placements.default_agent_of.map((c) => c.company_name)) }));
  }
  const global = placements.type_assignments.filter((a) => a.company_id === null).map((a) => a.type_name);
  const companies = new Map<string, string[]>();
  for (const assignment of placements.type_assignments) {
    if (assignment.company_id === null) continue;
    const company = assignment.company_name ?? t('manageAgents.placementsCompany', { id: assignment.company_id });
    companies.set(company, [...(companies.get(company) ?? []), assignment.type_name]);
  }
  const assigned = [
    ...(global.length > 0 ? [t('manageAgents.placementsAllCompanies', { types: listed(t, global) })] : []),
    ...[...companies].map(([company, types]) => t('manageAgents.placementsAtCompany', { types: listed(t, types), company })),
  ];
  if (assigned.length > 0) parts.push(t('manageAgents.placementsAssigned', { name, assignments: listed(t, assigned) }));
  parts.push(parts.length > 0 ? t('manageAgents.placementsCleared') : t('manageAgents.placementsNone', { name }));
  parts.push(t('manageAgents.placementsOpenTickets', { count: placements.open_tickets }));
  return parts.join(' ');
}

/** The staff groups (1-4) of the group-defaults list. */
function useGroups() {
  return useLookupList('group-defaults').filter((group) => isStaff(group.id));
}
