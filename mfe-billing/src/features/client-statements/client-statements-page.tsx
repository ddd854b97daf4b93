import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useCompany, useCompanyStatements } from '@portal/api-client';
import { canReadCompanyStatement, formatDateUs, formatUnitsHhmm, formatUsd, monthLabel } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { ErrorAlert, NotAuthorized } from '@portal/ui';

function StatementList({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const { data: company } = useCompany(companyId);
  const { data, error, isLoading } = useCompanyStatements(companyId);
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">Statements</Heading>
      {company ? <Text color="fg.muted">{company.name}</Text> : null}
      <Link asChild colorPalette="blue" alignSelf="start">
        <RouterLink to={`/clients/${companyId}/invoices`}>Invoices</RouterLink>
      </Link>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted">Loading…</Text> : null}
      {data && data.length === 0 ? <Text>No statements yet.</Text> : null}
      {data && data.length > 0 ? (
        <Table.Root size="sm" aria-label="Statements">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Month</Table.ColumnHeader>
              <Table.ColumnHeader>Sent</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Time</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.map((statement) => (
              <Table.Row key={statement.month}>
                <Table.Cell>
                  <Link asChild colorPalette="blue">
                    <RouterLink to={`/clients/${companyId}/statements/${statement.month}`}>{monthLabel(statement.month)}</RouterLink>
                  </Link>
                </Table.Cell>
                <Table.Cell>{statement.date_sent ? formatDateUs(statement.date_sent, timeZone) : ''}</Table.Cell>
                <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
                <Table.Cell textAlign="end">{formatUsd(statement.total_amount)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : null}
    </Stack>
  );
}

/** /clients/{clientId}/statements: the monthly statements sent to the company (its primary contacts and admins). */
export function ClientStatementsPage() {
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const companyId = Number(useParams().clientId);
  if (!viewer || !Number.isInteger(companyId) || companyId <= 0 || !canReadCompanyStatement(viewer, companyId)) return <NotAuthorized />;
  return <StatementList companyId={companyId} timeZone={timeZone} />;
}
