import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone, Ticket } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AgentContact } from '@portal/contract';
import { useAgentMutations, useAgentPlacements, useAgents, useLookupList } from '@portal/api-client';
import { MESSAGES, agentPlacementsText, isStaff, lookupName } from '@portal/domain';
import { useAccountSecurityActions } from '@portal/features';
import { ConfirmDialog, ErrorAlert, ListStates, Money, useConfirmedDelete } from '@portal/ui';
import { AddAgentForm } from './add-agent-form';
import { PayRateForm } from './pay-rate-form';

/**
 * Manage Agents (docs/product/companies-and-contacts.md#agents): agents by contact id under column headers, with their
 * tickets, time, mail and phone as named links, 'Edit rate' (#pay-rate) and Delete, whose confirmation says where the
 * agent is named (#deleting-an-agent); Add agent. Reset two-factor (only for an agent who has a second factor) and
 * Sign out everywhere: docs/product/accounts-and-roles.md#account-security.
 */
export function ManageAgents() {
  const { data: agents, error } = useAgents();
  const { remove } = useAgentMutations();
  const groups = useGroups();
  const [adding, setAdding] = useState(false);
  const [rating, setRating] = useState<AgentContact | null>(null);
  const deletion = useConfirmedDelete((agent: { id: number; name: string }) => remove(agent.id), { failureMessage: MESSAGES.deleteAgentFailed });
  const placements = useAgentPlacements(deletion.pending?.id ?? null);
  const security = useAccountSecurityActions();

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">Manage Agents</Heading>
        {adding ? null : <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>Add agent</Button>}
      </HStack>
      {adding ? <AddAgentForm groups={groups} onDone={() => setAdding(false)} /> : null}
      {rating ? <PayRateForm key={rating.contact_id} agent={rating} onDone={() => setRating(null)} /> : null}
      <ErrorAlert message={deletion.error ?? security.error} />
      {security.done ? <Text role="status">{security.done}</Text> : null}
      <ListStates data={agents} error={error}>
        {(list) => (
        // Seven columns: on a narrow screen the table scrolls sideways rather than squeezing them.
        <Table.ScrollArea>
        <Table.Root size="sm" aria-label="Agents">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>ID</Table.ColumnHeader>
              <Table.ColumnHeader>Name</Table.ColumnHeader>
              <Table.ColumnHeader>Group</Table.ColumnHeader>
              <Table.ColumnHeader>Pay rate</Table.ColumnHeader>
              <Table.ColumnHeader>Two-factor</Table.ColumnHeader>
              <Table.ColumnHeader>Work and contact</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
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
                      {agent.pay_rate === null ? null : <Text as="span"><Money amount={agent.pay_rate} />/h</Text>}
                      <Button size="xs" variant="ghost" aria-label={`Edit rate of ${name}`} onClick={() => setRating(agent)}>Edit rate</Button>
                    </HStack>
                  </Table.Cell>
                  <Table.Cell color={agent.has_second_factor ? undefined : 'fg.muted'}>{agent.has_second_factor ? 'On' : 'Off'}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="3" wrap="wrap">
                      <RowLink to={`/agents/${id}/tickets`} label={`Tickets of ${name}`} icon={<Ticket size={14} />}>Tickets</RowLink>
                      <RowLink to={`/agents/${id}/time`} label={`Time of ${name}`} icon={<Clock size={14} />}>Time</RowLink>
                      <RowLink href={`mailto:${agent.email}`} label={`E-mail ${name}`} title={agent.email} icon={<Mail size={14} />}>E-mail</RowLink>
                      {agent.phone ? <RowLink href={`tel:${agent.phone}`} label={`Call ${name}`} title={agent.phone} icon={<Phone size={14} />}>Call</RowLink> : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="end">
                      {/* Only someone with an app or a passkey has a second factor to reset. */}
                      {agent.has_second_factor ? (
                        <Button size="xs" variant="ghost" aria-label={`Reset two-factor for ${name}`} onClick={() => security.ask({ id, name, action: 'reset-second-factor' })}>
                          Reset two-factor
                        </Button>
                      ) : null}
                      <Button size="xs" variant="ghost" aria-label={`Sign out everywhere for ${name}`} onClick={() => security.ask({ id, name, action: 'end-sessions' })}>
                        Sign out everywhere
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${name}`} onClick={() => deletion.ask({ id, name })}>
                        Delete
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
        title={deletion.pending ? `Delete ${deletion.pending.name}?` : undefined}
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
function deleteMessage(name: string | undefined, placements: ReturnType<typeof useAgentPlacements>): string {
  if (name === undefined) return MESSAGES.confirmDeleteAgent;
  if (placements.data) return `${agentPlacementsText(name, placements.data)} ${MESSAGES.confirmDeleteAgent}`;
  if (placements.error) return `Where ${name} is assigned could not be read. ${MESSAGES.confirmDeleteAgent}`;
  return `Checking where ${name} is assigned…`;
}

/** The staff groups (1-4) of the group-defaults list. */
function useGroups() {
  return useLookupList('group-defaults').filter((group) => isStaff(group.id));
}
