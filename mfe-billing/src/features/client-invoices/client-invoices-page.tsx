import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useCompany, useCompanyInvoices } from '@portal/api-client';
import { canReadCompanyInvoices, formatDate, formatMoney } from '@portal/domain';
import { useFormats, useSession, useViewer } from '@portal/session';
import { ErrorAlert, NotAuthorized } from '@portal/ui';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge';
import { monthName } from '../../lib/month-name';
import { useT } from '../../messages';

function InvoiceList({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const t = useT();
  const formats = useFormats();
  // Issue and due dates are calendar days: read as they are, not moved to a time zone.
  const dayFormats = { ...formats, timeZone: 'UTC' };
  const { data: company } = useCompany(companyId);
  const { data, error, isLoading } = useCompanyInvoices(companyId);
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        {t('clientInvoices.heading')}
      </Heading>
      {company ? <Text color="fg.muted">{company.name}</Text> : null}
      <Link asChild colorPalette="blue" alignSelf="start">
        <RouterLink to={`/clients/${companyId}/statements`}>{t('clientInvoices.statementsLink')}</RouterLink>
      </Link>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {data && data.length === 0 ? <Text>{t('clientInvoices.empty')}</Text> : null}
      {data && data.length > 0 ? (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={t('clientInvoices.caption')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('column.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.month')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.issueDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.dueDate')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('column.status')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('column.total')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.map((invoice) => (
                <Table.Row key={invoice.invoice_id} aria-label={invoice.number}>
                  <Table.Cell>
                    <Link asChild colorPalette="blue">
                      <RouterLink to={`/clients/${companyId}/invoices/${invoice.invoice_id}`}>{invoice.number}</RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{monthName(invoice.month, formats.locale)}</Table.Cell>
                  <Table.Cell>{formatDate(invoice.issue_date, dayFormats)}</Table.Cell>
                  <Table.Cell>{formatDate(invoice.due_date, dayFormats)}</Table.Cell>
                  <Table.Cell><InvoiceStatusBadge invoice={invoice} timeZone={timeZone} /></Table.Cell>
                  <Table.Cell textAlign="end">{formatMoney(invoice.total, formats)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : null}
    </Stack>
  );
}

/** /clients/{clientId}/invoices: the company's issued invoices, for admins and its primary contacts (canReadCompanyInvoices). */
export function ClientInvoicesPage() {
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const companyId = Number(useParams().clientId);
  if (!viewer || !Number.isInteger(companyId) || companyId <= 0 || !canReadCompanyInvoices(viewer, companyId)) return <NotAuthorized />;
  return <InvoiceList companyId={companyId} timeZone={timeZone} />;
}
