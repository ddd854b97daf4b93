import type { ReactNode } from 'react';
import { Badge, Box, Grid, HStack, Heading, Link, List, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Statement } from '@portal/contract';
import { STATEMENT_MESSAGES as TEXT, formatDateUs, formatUnitsHhmm, formatUsd, statementStatusLabel } from '@portal/domain';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="2" aria-labelledby={id}>
      <Heading as="h2" size="md" id={id}>{title}</Heading>
      {children}
    </Stack>
  );
}

function TicketName({ companyId, ticketId, title }: { companyId: number; ticketId: number | null; title: string }) {
  if (ticketId === null) return <Text as="span" color="fg.muted">{title}</Text>;
  return (
    <Link asChild colorPalette="blue">
      <RouterLink to={`/clients/${companyId}/tickets/${ticketId}`}>#{ticketId} {title}</RouterLink>
    </Link>
  );
}

function Empty({ children }: { children: string }) {
  return <Text color="fg.muted">{children}</Text>;
}

function PlanHours({ plan }: { plan: NonNullable<Statement['plan']> }) {
  const rows: [string, string][] = [
    ['Included', formatUnitsHhmm(plan.included_units)],
    ...(plan.rolled_over_units > 0 ? [['Rolled over', formatUnitsHhmm(plan.rolled_over_units)] as [string, string]] : []),
    ['Used', `${formatUnitsHhmm(plan.used_units)} (${plan.percent_used} %)`],
    ['Remaining', formatUnitsHhmm(plan.remaining_units)],
    ...(plan.overage_units > 0 ? [['Beyond the plan', formatUnitsHhmm(plan.overage_units)] as [string, string]] : []),
  ];
  return (
    <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="1" aria-label={TEXT.planHours}>
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" fontWeight="semibold">{label}</Text>
          <Box as="dd">{value}</Box>
        </Box>
      ))}
    </Grid>
  );
}

/**
 * A company's statement of a month (docs/product/statements.md#what-it-shows), section by section under the product's
 * headings; dates on `timeZone`'s calendar.
 */
export function StatementDocument({ statement, timeZone }: { statement: Statement; timeZone: string }) {
  const companyId = statement.company_id;
  return (
    <Stack gap="5" data-statement="">
      <HStack justify="space-between" align="start" wrap="wrap" gap="4">
        <Stack gap="0">
          <Heading as="h1" size="2xl">Statement for {statement.month_label}</Heading>
          <Text fontWeight="semibold">{statement.company_name}</Text>
        </Stack>
        <Badge colorPalette={statement.status === 'sent' ? 'green' : statement.status === 'held' ? 'orange' : 'gray'} data-print-hide="">
          {statementStatusLabel(statement.status)}
        </Badge>
      </HStack>

      <Section id="statement-worked" title={TEXT.ticketsWorked}>
        {statement.worked.length === 0 ? <Empty>{TEXT.noTimeLogged}</Empty> : (
          <Table.Root size="sm" aria-label={TEXT.ticketsWorked}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Ticket</Table.ColumnHeader>
                <Table.ColumnHeader>Type</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {statement.worked.map((ticket) => (
                <Table.Row key={ticket.ticket_id ?? 'deleted'}>
                  <Table.Cell>
                    <TicketName companyId={companyId} ticketId={ticket.ticket_id} title={ticket.title} />
                    {ticket.completed ? <Badge ms="2" size="sm" colorPalette="green">{TEXT.completed}</Badge> : null}
                  </Table.Cell>
                  <Table.Cell>{ticket.type_name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(ticket.units)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(ticket.amount)}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="bold" aria-label="Total">
                <Table.Cell colSpan={2}>Total</Table.Cell>
                <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsd(statement.total_amount)}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section id="statement-completed" title={TEXT.completed}>
        {statement.completed.length === 0 ? <Empty>{TEXT.noneCompleted}</Empty> : (
          <List.Root ps="5">
            {statement.completed.map((ticket) => (
              <List.Item key={ticket.ticket_id}>
                <TicketName companyId={companyId} ticketId={ticket.ticket_id} title={ticket.title} /> ({formatDateUs(ticket.date_completed, timeZone)})
              </List.Item>
            ))}
          </List.Root>
        )}
      </Section>

      <Section id="statement-types" title={TEXT.timeByType}>
        {statement.by_type.length === 0 ? <Empty>{TEXT.noTimeLogged}</Empty> : (
          <Table.Root size="sm" aria-label={TEXT.timeByType}>
            <Table.Body>
              {statement.by_type.map((type) => (
                <Table.Row key={type.type_id ?? 'other'} aria-label={type.type_name}>
                  <Table.Cell>{type.type_name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(type.units)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUsd(type.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section id="statement-plan" title={TEXT.planHours}>
        {statement.plan ? <PlanHours plan={statement.plan} /> : <Empty>{TEXT.noPlan}</Empty>}
      </Section>

      <Section id="statement-maintenance" title={TEXT.maintenanceDone}>
        {statement.maintenance.length === 0 ? <Empty>{TEXT.noMaintenance}</Empty> : statement.maintenance.map((ticket) => (
          <Stack key={ticket.ticket_id} gap="1">
            <Text>
              <TicketName companyId={companyId} ticketId={ticket.ticket_id} title={ticket.title} />: {ticket.done} of {ticket.tasks.length} done
            </Text>
            <List.Root ps="5" aria-label={`Checklist of ${ticket.title}`}>
              {ticket.tasks.map((task, index) => (
                <List.Item key={`${index}-${task.instruction}`}>
                  <Text as="span" aria-hidden>{task.done ? '☑' : '☐'} </Text>
                  {task.instruction}
                  <Text as="span" srOnly>{task.done ? ' (done)' : ' (not done)'}</Text>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ))}
      </Section>

      <Section id="statement-overdue" title={TEXT.overdue}>
        {statement.overdue.length === 0 ? <Empty>{TEXT.noneOverdue}</Empty> : (
          <List.Root ps="5">
            {statement.overdue.map((ticket) => (
              <List.Item key={ticket.ticket_id}>
                <TicketName companyId={companyId} ticketId={ticket.ticket_id} title={ticket.title} /> (due {formatDateUs(ticket.date_due, timeZone)})
              </List.Item>
            ))}
          </List.Root>
        )}
      </Section>
    </Stack>
  );
}
