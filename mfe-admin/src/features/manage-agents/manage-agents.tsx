import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, Mail, Phone, Ticket } from 'lucide-react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAgentMutations, useAgents, useOption } from '@portal/api-client';
import { lookupList } from '@portal/contract';
import { DEFAULT_GROUPS, MESSAGES, isStaff, lookupName } from '@portal/domain';
import { ErrorAlert, Money } from '@portal/ui';
import { useConfirmDelete } from '../../components/confirm-delete';
import { AddAgentForm } from './add-agent-form';

/** Spec 001 §2 "Manage Agents": agents by contact id with their tickets, time, mail, phone and Delete; Add agent. */
export function ManageAgents() {
  const { data: agents, error } = useAgents();
  const { remove } = useAgentMutations();
  const groups = useGroups();
  const [adding, setAdding] = useState(false);
  const deletion = useConfirmDelete(MESSAGES.confirmDeleteAgent, MESSAGES.deleteAgentFailed);

  return (
    <Stack gap="4">
      <HStack justify="space-between">
        <Heading as="h2" size="lg">Manage Agents</Heading>
        {adding ? null : <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>Add agent</Button>}
      </HStack>
      {adding ? <AddAgentForm groups={groups} onDone={() => setAdding(false)} /> : null}
      <ErrorAlert message={deletion.error ?? (agents ? null : error)} />
      {!agents && !error ? <Text>Loading…</Text> : null}
      <Table.Root size="sm">
        <Table.Body>
          {(agents ?? []).map((agent) => {
            const name = `${agent.first_name} ${agent.last_name}`;
            const id = agent.contact_id;
            return (
              <Table.Row key={id} aria-label={name}>
                <Table.Cell w="12" color="fg.muted">{id}</Table.Cell>
                <Table.Cell fontWeight="medium">{name}</Table.Cell>
                <Table.Cell color="fg.muted">{lookupName(groups, agent.group_id)}</Table.Cell>
                <Table.Cell>{agent.pay_rate === null ? '' : <><Money amount={agent.pay_rate} />/h</>}</Table.Cell>
                <Table.Cell>
                  <HStack gap="3">
                    <Link asChild aria-label={`${name} tickets`} title="Tickets"><RouterLink to={`/agents/${id}/tickets`}><Ticket size={16} /></RouterLink></Link>
                    <Link asChild aria-label={`${name} time`} title="Time"><RouterLink to={`/agents/${id}/time`}><Clock size={16} /></RouterLink></Link>
                    <Link href={`mailto:${agent.email}`} aria-label={`E-mail ${name}`} title={agent.email}><Mail size={16} /></Link>
                    {agent.phone ? <Link href={`tel:${agent.phone}`} aria-label={`Call ${name}`} title={agent.phone}><Phone size={16} /></Link> : null}
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${name}`} onClick={() => deletion.ask(name, () => remove(id))}>
                    Delete
                  </Button>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {deletion.dialog}
    </Stack>
  );
}

/** The staff groups (1-4) of the group-defaults list. */
function useGroups() {
  const { data } = useOption('group-defaults');
  const parsed = lookupList.safeParse(data?.option_value);
  const groups = parsed.success && parsed.data.length > 0 ? parsed.data : DEFAULT_GROUPS;
  return groups.filter((group) => isStaff(group.id));
}
