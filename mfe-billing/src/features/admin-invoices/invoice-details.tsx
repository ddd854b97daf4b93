import { Heading, Stack, Text } from '@chakra-ui/react';
import { useInvoiceMonth } from '@portal/api-client';
import { MESSAGES, type Viewer } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
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

/**
 * 'All Invoice Items' and 'Invoice Details' over the month's items; also in the first screen rendered at build time
 * (src/prerender.tsx), in English there: no hooks, so the texts in the reader's language come from the caller.
 */
export function AllInvoiceItemsHeadings({ text = (message) => message }: { text?: (message: string) => string }) {
  return (
    <>
      <Heading as="h2" size="xl" id="invoice-heading">
        {text(MESSAGES.allInvoiceItems)}
      </Heading>
      <Heading as="h3" size="md" color="fg.muted">
        {text(MESSAGES.invoiceDetails)}
      </Heading>
    </>
  );
}

function AllInvoiceItems({ offset, timeZone }: { offset: number; timeZone: string }) {
  const messageText = useMessageText();
  const { data, error } = useInvoiceMonth(offset, { timeZone });
  return (
    <Stack as="section" aria-labelledby="invoice-heading" gap="3">
      <AllInvoiceItemsHeadings text={messageText} />
      <ErrorAlert message={error} size="sm" />
      <Text>{messageText(MESSAGES.noItemsToDisplay)}</Text>
      {data ? <MonthlyTotalLine total={data.totals.total} /> : null}
    </Stack>
  );
}
