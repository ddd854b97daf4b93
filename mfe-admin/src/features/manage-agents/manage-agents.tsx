import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AgentContact } from '@portal/contract';
import { useAgentMutations, useAgentPlacements, useAgents, useLookupList } from '@portal/api-client';
import { MESSAGES, agentPlacementsText, isStaff, lookupName } from '@portal/domain';
import { useAccountSecurityActions } from '@portal/features';
import { ConfirmDialog, ErrorAlert, ListStates, Money, useConfirmedDelete } from '@portal/ui';
import { AddAgentForm } from './add-agent-form';
import { PayRateForm } from './pay-rate-form';

/**
 * Manage Agents (docs/product/companies-and-contacts.md#agents): agents by contact id with their tickets, time, mail, phone, 'Edit rate'
 * (#pay-rate) and Delete, whose confirmation says where the agent is named (#deleting-an-agent); Add agent.
 * Reset two-factor and Sign out everywhere: docs/product/accounts-and-roles.md#account-security.
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
        <Table.Root size="sm">
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
                  <Table.Cell>
                    <HStack gap="3">
                      <Link asChild aria-label={`${name} tickets`} title="Tickets"><RouterLink to={`/agents/${id}/tickets`}><Ticket size={16} /></RouterLink></Link>
                      <Link asChild aria-label={`${name} time`} title="Time"><RouterLink to={`/agents/${id}/time`}><Clock size={16} /></RouterLink></Link>
                      <Link href={`mailto:${agent.email}`} aria-label={`E-mail ${name}`} title={agent.email}><Mail size={16} /></Link>
                      {agent.phone ? <Link href={`tel:${agent.phone}`} aria-label={`Call ${name}`} title={agent.phone}><Phone size={16} /></Link> : null}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justify="end">
                      <Button size="xs" variant="ghost" aria-label={`Reset two-factor for ${name}`} onClick={() => security.ask({ id, name, action: 'reset-second-factor' })}>
                        Reset two-factor
                      </Button>
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
