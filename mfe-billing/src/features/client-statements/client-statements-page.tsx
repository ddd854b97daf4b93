import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useCompany, useCompanyStatements } from '@portal/api-client';
import { canReadCompanyStatement, formatDate, formatMoney, formatUnitsHhmm } from '@portal/domain';
import { useFormats, useSession, useViewer } from '@portal/session';
import { ErrorAlert, NotAuthorized } from '@portal/ui';
import { monthName } from '../../lib/month-name';
import { useT } from '../../messages';

function StatementList({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const t = useT();
  const formats = { ...useFormats(), timeZone };
  const { data: company } = useCompany(companyId);
  const { data, error, isLoading } = useCompanyStatements(companyId);
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">{t('clientStatements.heading')}</Heading>
      {company ? <Text color="fg.muted">{company.name}</Text> : null}
      <Link asChild colorPalette="blue" alignSelf="start">
        <RouterLink to={`/clients/${companyId}/invoices`}>{t('clientStatements.invoicesLink')}</RouterLink>
      </Link>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {data && data.length === 0 ? <Text>{t('clientStatements.empty')}</Text> : null}
      {data && data.length > 0 ? (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={t('clientStatements.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('column.month')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.sent')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('column.time')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('column.value')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((statement) => (
                <Table.Row key={statement.month}>
                  <Table.Cell>
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/clients/${companyId}/statements/${statement.month}`}>{monthName(statement.month, formats.locale)}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{statement.date_sent ? formatDate(statement.date_sent, formats) : ''}</Table.Cell>
                  <Table.Cell textAlign="end">{formatUnitsHhmm(statement.total_units)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(statement.total_amount, formats)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
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
