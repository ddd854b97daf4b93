import { Heading, Stack, Text } from '@chakra-ui/react';
import { useInvoiceMonth } from '@portal/api-client';
import { MESSAGES, type Viewer } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { CompanyInvoice } from './company-invoice';
import { MonthlyTotalLine } from './components/monthly-total-line';

interface InvoiceDetailsProps {
  offset: number;
  companyId: number | null;
  timeZone: string;
  viewer: Viewer;
}

/** The right column: the selected company's invoice, or 'All Invoice Items' with the month's total. */
export function InvoiceDetails({ offset, companyId, timeZone, viewer }: InvoiceDetailsProps) {
  if (companyId !== null) return <CompanyInvoice offset={offset} companyId={companyId} timeZone={timeZone} viewer={viewer} />;
  return <AllInvoiceItems offset={offset} timeZone={timeZone} />;
}

/** 'All Invoice Items' and 'Invoice Details' over the month's items; also in the first screen rendered at build time (src/prerender.tsx). */
export function AllInvoiceItemsHeadings() {
  return (
    <>
      <Heading as="h2" size="xl" id="invoice-heading">
        {MESSAGES.allInvoiceItems}
      </Heading>
      <Heading as="h3" size="md" color="fg.muted">
        {MESSAGES.invoiceDetails}
      </Heading>
    </>
  );
}

function AllInvoiceItems({ offset, timeZone }: { offset: number; timeZone: string }) {
  const { data, error } = useInvoiceMonth(offset, { timeZone });
  return (
    <Stack as="section" aria-labelledby="invoice-heading" gap="3">
      <AllInvoiceItemsHeadings />
      <ErrorAlert message={error} size="sm" />
      <Text>{MESSAGES.noItemsToDisplay}</Text>
      {data ? <MonthlyTotalLine total={data.totals.total} /> : null}
    </Stack>
  );
}
