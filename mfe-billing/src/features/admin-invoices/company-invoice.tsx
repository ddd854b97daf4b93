import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { InvoiceDraft, InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoiceDraft } from '@portal/api-client';
import { MESSAGES, canIssueInvoice, deletedCompanyMonthNote, formatUnitsHhmm, type Viewer } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { InvoiceItemsTable } from '../../components/invoice-items-table';
import { InvoiceTotalsTable } from '../../components/invoice-totals-table';
import { MonthlyTotalLine } from './components/monthly-total-line';
import { IssueInvoice } from './components/issue-invoice';
import { IssuedInvoice } from './issued-invoice';
import { SummaryEditor } from './components/summary-editor';

interface CompanyInvoiceProps {
  offset: number;
  companyId: number;
  timeZone: string;
  viewer: Viewer;
}

/** The company block's 'estimated against actual' for the month. */
function EstimateLine({ estimates }: { estimates: InvoiceDraft['estimates'] }) {
  if (estimates.tickets === 0) {
    return <Text fontSize="sm" color="fg.muted">No estimated tickets were worked this month.</Text>;
  }
  return (
    <Text fontSize="sm" role="group" aria-label="Estimated against actual">
      Estimated against actual: {estimates.tickets} estimated {estimates.tickets === 1 ? 'ticket' : 'tickets'}, estimate{' '}
      {formatUnitsHhmm(estimates.estimated)}, logged {formatUnitsHhmm(estimates.actual)} this month
      {estimates.unestimated > 0 ? `; ${formatUnitsHhmm(estimates.unestimated)} on tickets without an estimate` : ''}.
    </Text>
  );
}

/** One company's month: summary, items, totals at each rate, the Monthly Total, and issuing it. */
export function CompanyInvoice({ offset, companyId, timeZone, viewer }: CompanyInvoiceProps) {
  const { data: draft, error, isLoading } = useInvoiceDraft(companyId, offset, { timeZone });
  const [summary, setSummary] = useState('');
  const [issued, setIssued] = useState<InvoiceSummary | null>(null);
  const invoice = issued ?? draft?.invoice ?? null;

  return (
    <Stack as="section" aria-labelledby="invoice-heading" gap="4">
      <Heading as="h2" size="xl" id="invoice-heading">
        {draft?.company_name ?? (isLoading ? 'Loading…' : `Company ${companyId}`)}
      </Heading>
      <Heading as="h3" size="md" color="fg.muted">
        {MESSAGES.invoiceDetails}
      </Heading>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {draft ? (
        <>
          {draft.company_deleted ? (
            <Text role="note" color="fg.warning" fontWeight="medium">{deletedCompanyMonthNote(draft.company_name, invoice !== null)}</Text>
          ) : null}
          {invoice ? (
            <IssuedInvoice invoice={invoice} timeZone={timeZone} viewer={viewer} onChange={setIssued} />
          ) : (
            <SummaryEditor companyId={companyId} offset={offset} timeZone={timeZone} value={summary} onChange={setSummary} />
          )}
          <Heading as="h3" size="md">
            Items
          </Heading>
          {draft.items.length === 0 ? (
            <Text>{MESSAGES.noItemsToDisplay}</Text>
          ) : (
            <>
              <InvoiceItemsTable items={draft.items} timeZone={timeZone} />
              <InvoiceTotalsTable totals={draft.totals} hourBank={draft.hour_bank} />
              <EstimateLine estimates={draft.estimates} />
            </>
          )}
          <MonthlyTotalLine total={draft.totals.total} />
          {!invoice && canIssueInvoice(viewer) && draft.items.length > 0 ? (
            <IssueInvoice draft={draft} offset={offset} timeZone={timeZone} summary={summary} onIssued={setIssued} />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
