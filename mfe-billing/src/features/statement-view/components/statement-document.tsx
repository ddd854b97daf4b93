import type { ReactNode } from 'react';
import { Badge, Box, Grid, HStack, Heading, Link, List, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Statement } from '@portal/contract';
import { formatDate, formatMoney, formatUnitsHhmm } from '@portal/domain';
import { useFormats } from '@portal/session';
import { monthName } from '../../../lib/month-name';
import { useT } from '../../../messages';

const STATUS_LABELS = { draft: 'statementStatus.draft', held: 'statementStatus.held', sent: 'statementStatus.sent' } as const;

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
  const t = useT();
  const rows: [string, string][] = [
    [t('plan.included'), formatUnitsHhmm(plan.included_units)],
    ...(plan.rolled_over_units > 0 ? [[t('plan.rolledOver'), formatUnitsHhmm(plan.rolled_over_units)] as [string, string]] : []),
    [t('plan.used'), t('plan.usedValue', { used: formatUnitsHhmm(plan.used_units), percent: plan.percent_used })],
    [t('plan.remaining'), formatUnitsHhmm(plan.remaining_units)],
    ...(plan.overage_units > 0 ? [[t('plan.beyond'), formatUnitsHhmm(plan.overage_units)] as [string, string]] : []),
  ];
  return (
    <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="1" aria-label={t('statement.planHours')}>
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
  const t = useT();
  const formats = { ...useFormats(), timeZone };
  const money = (amount: number) => formatMoney(amount, formats);
  const companyId = statement.company_id;
  const ticketName = (ticketId: number | null, title: string) => <TicketName key="ticket" companyId={companyId} ticketId={ticketId} title={title} />;
  return (
    <Stack gap="5" data-statement="">
      <HStack justify="space-between" align="start" wrap="wrap" gap="4">
        <Stack gap="0">
          <Heading as="h1" size="2xl">{t('statement.heading', { month: monthName(statement.month, formats.locale) })}</Heading>
          <Text fontWeight="semibold">{statement.company_name}</Text>
        </Stack>
        <Badge colorPalette={statement.status === 'sent' ? 'green' : statement.status === 'held' ? 'orange' : 'gray'} data-print-hide="">
          {t(STATUS_LABELS[statement.status])}
        </Badge>
      </HStack>

      <Section id="statement-worked" title={t('statement.ticketsWorked')}>
        {statement.worked.length === 0 ? <Empty>{t('statement.noTimeLogged')}</Empty> : (
          <Table.Root size="sm" aria-label={t('statement.ticketsWorked')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('column.ticket')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.type')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('column.time')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('column.value')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {statement.worked.map((ticket) => (
                <Table.Row key={ticket.ticket_id ?? 'deleted'}>
                  <Table.Cell>
                    <TicketName companyId={companyId} ticketId={ticket.ticket_id} title={ticket.title} />
                    {ticket.completed ? <Badge ms="2" size="sm" colorPalette="green">{t('statement.completed')}</Badge> : null}
                  </Table.Cell>
                  <Table.Cell>{ticket.type_name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(ticket.units)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(ticket.amount)}</Table.Cell>
                </Table.Row>
              ))}
              <Table.Row fontWeight="bold" aria-label={t('statement.total')}>
                <Table.Cell colSpan={2}>{t('statement.total')}</Table.Cell>
                <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
                <Table.Cell textAlign="end">{money(statement.total_amount)}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section id="statement-completed" title={t('statement.completed')}>
        {statement.completed.length === 0 ? <Empty>{t('statement.noneCompleted')}</Empty> : (
          <List.Root ps="5">
            {statement.completed.map((ticket) => (
              <List.Item key={ticket.ticket_id}>
                {t.rich('statement.completedOn', { ticket: ticketName(ticket.ticket_id, ticket.title), date: formatDate(ticket.date_completed, formats) })}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Section>

      <Section id="statement-types" title={t('statement.timeByType')}>
        {statement.by_type.length === 0 ? <Empty>{t('statement.noTimeLogged')}</Empty> : (
          <Table.Root size="sm" aria-label={t('statement.timeByType')}>
            <Table.Body>
              {statement.by_type.map((type) => (
                <Table.Row key={type.type_id ?? 'other'} aria-label={type.type_name}>
                  <Table.Cell>{type.type_name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(type.units)}</Table.Cell>
                  <Table.Cell textAlign="end">{money(type.amount)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Section>

      <Section id="statement-plan" title={t('statement.planHours')}>
        {statement.plan ? <PlanHours plan={statement.plan} /> : <Empty>{t('statement.noPlan')}</Empty>}
      </Section>

      <Section id="statement-maintenance" title={t('statement.maintenanceDone')}>
        {statement.maintenance.length === 0 ? <Empty>{t('statement.noMaintenance')}</Empty> : statement.maintenance.map((ticket) => (
          <Stack key={ticket.ticket_id} gap="1">
            <Text>
              {t.rich('statement.tasksDone', { ticket: ticketName(ticket.ticket_id, ticket.title), done: ticket.done, total: ticket.tasks.length })}
            </Text>
            <List.Root ps="5" aria-label={t('statement.checklist', { title: ticket.title })}>
              {ticket.tasks.map((task, index) => (
                <List.Item key={`${index}-${task.instruction}`}>
                  <Text as="span" aria-hidden>{task.done ? '☑' : '☐'} </Text>
                  {task.instruction}
                  <Text as="span" srOnly>{' '}{task.done ? t('statement.taskDone') : t('statement.taskNotDone')}</Text>
                </List.Item>
              ))}
            </List.Root>
          </Stack>
        ))}
      </Section>

      <Section id="statement-overdue" title={t('statement.overdue')}>
        {statement.overdue.length === 0 ? <Empty>{t('statement.noneOverdue')}</Empty> : (
          <List.Root ps="5">
            {statement.overdue.map((ticket) => (
              <List.Item key={ticket.ticket_id}>
                {t.rich('statement.overdueSince', { ticket: ticketName(ticket.ticket_id, ticket.title), date: formatDate(ticket.date_due, formats) })}
              </List.Item>
            ))}
          </List.Root>
        )}
      </Section>
    </Stack>
  );
}
