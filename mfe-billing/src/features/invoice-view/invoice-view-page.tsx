import type { ReactNode } from 'react';
import { Box, Grid, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import type { Invoice } from '@portal/contract';
import { useInvoice } from '@portal/api-client';
import { canReadCompanyInvoices, formatDate, formatMoney } from '@portal/domain';
import { useFormats, useSession, useViewer } from '@portal/session';
import { NotAuthorized } from '@portal/ui';
import { InvoiceItemsTable } from '../../components/invoice-items-table';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge';
import { InvoiceTotalsTable } from '../../components/invoice-totals-table';
import { PrintablePage } from '../../components/printable-page';
import { monthName } from '../../lib/month-name';
import { useT } from '../../messages';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" fontWeight="semibold">{label}</Text>
      <Box as="dd">{children}</Box>
    </>
  );
}

function InvoiceDocument({ invoice, timeZone }: { invoice: Invoice; timeZone: string }) {
  const t = useT();
  const formats = useFormats();
  // Issue and due dates are calendar days: read as they are, not moved to a time zone.
  const day = (date: string) => formatDate(date, { ...formats, timeZone: 'UTC' });
  return (
    <Stack gap="5" data-invoice="">
      <HStack justify="space-between" align="start" wrap="wrap" gap="4">
        <Stack gap="0">
          <Heading as="h1" size="2xl">
            {t('invoice.heading', { number: invoice.number })}
          </Heading>
          <Text fontWeight="semibold">{invoice.provider_name}</Text>
          <Link href={`mailto:${invoice.provider_email}`}>{invoice.provider_email}</Link>
        </Stack>
        <Stack gap="0" textAlign={{ base: 'start', md: 'end' }}>
          <Text color="fg.muted">{t('invoice.billTo')}</Text>
          <Text fontWeight="semibold">{invoice.company_name}</Text>
        </Stack>
      </HStack>
      <Grid as="dl" templateColumns="max-content 1fr" columnGap="6" rowGap="1" aria-label={t('invoice.facts')}>
        <Fact label={t('column.number')}>{invoice.number}</Fact>
        <Fact label={t('column.month')}>{monthName(invoice.month, formats.locale)}</Fact>
        <Fact label={t('column.issueDate')}>{day(invoice.issue_date)}</Fact>
        <Fact label={t('column.dueDate')}>{day(invoice.due_date)}</Fact>
        <Fact label={t('column.status')}><InvoiceStatusBadge invoice={invoice} timeZone={timeZone} /></Fact>
      </Grid>
      <Stack gap="1">
        <Heading as="h2" size="md">{t('invoice.summary')}</Heading>
        <Text>{invoice.summary || t('invoice.noSummary')}</Text>
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">{t('invoice.items')}</Heading>
        <InvoiceItemsTable items={invoice.items} timeZone={invoice.time_zone} />
      </Stack>
      <Stack gap="2">
        <Heading as="h2" size="md">{t('invoice.totals')}</Heading>
        <InvoiceTotalsTable totals={invoice.totals} hourBank={invoice.hour_bank} />
      </Stack>
      <HStack justify="space-between" borderTopWidth="2px" pt="2" fontWeight="bold" fontSize="lg" role="group" aria-label={t('invoice.totalDue')}>
        <Text>{t('invoice.totalDueBy', { date: day(invoice.due_date) })}</Text>
        <Text>{formatMoney(invoice.total, formats)}</Text>
      </HStack>
    </Stack>
  );
}

/** /clients/{clientId}/invoices/{invoiceId}: the frozen invoice, printable on one clean A4 page. */
export function InvoiceViewPage() {
  const t = useT();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const params = useParams();
  const companyId = Number(params.clientId);
  const invoiceId = Number(params.invoiceId);
  const allowed = viewer !== null && Number.isInteger(companyId) && companyId > 0 && canReadCompanyInvoices(viewer, companyId);
  const { data, error, isLoading } = useInvoice(allowed ? companyId : null, Number.isInteger(invoiceId) ? invoiceId : null);
  if (!allowed) return <NotAuthorized />;

  return (
    <PrintablePage document="invoice" back={{ to: `/clients/${companyId}/invoices`, label: t('invoice.back') }} error={error} isLoading={isLoading}>
      {data ? <InvoiceDocument invoice={data} timeZone={timeZone} /> : null}
    </PrintablePage>
  );
}
