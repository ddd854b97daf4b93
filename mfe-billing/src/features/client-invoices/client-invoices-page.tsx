import { Heading, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { errorMessage, useCompany, useCompanyInvoices } from '@portal/api-client';
import { canReadCompanyInvoices, formatDateUs, formatUsd, monthLabel } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { ErrorAlert, NotAuthorized } from '@portal/ui';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge';

function InvoiceList({ companyId, timeZone }: { companyId: number; timeZone: string }) {
  const { data: company } = useCompany(companyId);
  const { data, error, isLoading } = useCompanyInvoices(companyId);
  return (
    <Stack gap="4">
      <Heading as="h1" size="2xl">
        Invoices
      </Heading>
      {company ? <Text color="fg.muted">{company.name}</Text> : null}
      <Link asChild colorPalette="blue" alignSelf="start">
        <RouterLink to={`/clients/${companyId}/statements`}>Monthly statements</RouterLink>
      </Link>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {isLoading ? <Text color="fg.muted">Loading…</Text> : null}
      {data && data.length === 0 ? <Text>No invoices yet.</Text> : null}
      {data && data.length > 0 ? (
        <Table.Root size="sm" aria-label="Invoices">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Number</Table.ColumnHeader>
              <Table.ColumnHeader>Month</Table.ColumnHeader>
              <Table.ColumnHeader>Issue date</Table.ColumnHeader>
              <Table.ColumnHeader>Due date</Table.ColumnHeader>
              <Table.ColumnHeader>Status</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
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
                <Table.Cell>{monthLabel(invoice.month)}</Table.Cell>
                <Table.Cell>{formatDateUs(invoice.issue_date)}</Table.Cell>
                <Table.Cell>{formatDateUs(invoice.due_date)}</Table.Cell>
                <Table.Cell><InvoiceStatusBadge invoice={invoice} timeZone={timeZone} /></Table.Cell>
                <Table.Cell textAlign="end">{formatUsd(invoice.total)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
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
