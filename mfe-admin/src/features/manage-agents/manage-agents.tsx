import { Button, Heading, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Clock, Mail, Ticket } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useStaff } from '@portal/api-client';
import { ErrorAlert } from '@portal/ui';

/** Spec 001 §2 "Manage Agents": staff sorted by contact id, with their tickets, time and mail. */
export function ManageAgents() {
  const { data: staff, error } = useStaff();
  const sorted = [...(staff ?? [])].sort((a, b) => a.contact_id - b.contact_id);
  return (
    <Stack gap="4">
      <Heading as="h2" size="lg">Manage Agents</Heading>
      <ErrorAlert message={staff ? null : error} />
      {!staff && !error ? <Text>Loading…</Text> : null}
      <Table.Root size="sm">
        <Table.Body>
          {sorted.map((agent) => {
            const name = `${agent.first_name} ${agent.last_name}`;
            return (
              <Table.Row key={agent.contact_id} aria-label={name}>
                <Table.Cell>{agent.contact_id}</Table.Cell>
                <Table.Cell fontWeight="medium">{name}</Table.Cell>
                <Table.Cell>
                  <HStack gap="3">
                    <Link asChild aria-label={`${name} tickets`}><RouterLink to={`/agents/${agent.contact_id}/tickets`}><Ticket size={16} /></RouterLink></Link>
                    <Link asChild aria-label={`${name} time`}><RouterLink to={`/agents/${agent.contact_id}/time`}><Clock size={16} /></RouterLink></Link>
                    <Link href={`mailto:${agent.email}`} aria-label={`E-mail ${name}`}><Mail size={16} /></Link>
                  </HStack>
                </Table.Cell>
                <Table.Cell textAlign="end"><Button size="xs" variant="ghost" colorPalette="red" disabled>Delete</Button></Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
