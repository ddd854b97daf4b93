import { useState } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { InvoiceDraft, InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoiceDraft } from '@portal/api-client';
import { MESSAGES, canIssueInvoice, formatUnitsHhmm, type Viewer } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../messages';
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
  const t = useT();
  if (estimates.tickets === 0) {
    return <Text fontSize="sm" color="fg.muted">{t('estimate.none')}</Text>;
  }
  const values = {
    tickets: estimates.tickets,
    estimated: formatUnitsHhmm(estimates.estimated),
    logged: formatUnitsHhmm(estimates.actual),
    unestimated: formatUnitsHhmm(estimates.unestimated),
  };
  return (
    <Text fontSize="sm" role="group" aria-label={t('estimate.label')}>
      {estimates.unestimated > 0 ? t('estimate.lineUnestimated', values) : t('estimate.line', values)}
    </Text>
  );
}

/** One company's month: summary, items, totals at each rate, the Monthly Total, and issuing it. */
export function CompanyInvoice({ offset, companyId, timeZone, viewer }: CompanyInvoiceProps) {
  const t = useT();
  const messageText = useMessageText();
  const { data: draft, error, isLoading } = useInvoiceDraft(companyId, offset, { timeZone });
  const [summary, setSummary] = useState('');
  const [issued, setIssued] = useState<InvoiceSummary | null>(null);
  const invoice = issued ?? draft?.invoice ?? null;

  return (
    <Stack as="section" aria-labelledby="invoice-heading" gap="4">
      <Heading as="h2" size="xl" id="invoice-heading">
        {draft?.company_name ?? (isLoading ? t('common.loading') : t('companyInvoice.company', { id: companyId }))}
      </Heading>
      <Heading as="h3" size="md" color="fg.muted">
        {messageText(MESSAGES.invoiceDetails)}
      </Heading>
      <ErrorAlert message={error ? errorMessage(error) : null} />
      {draft ? (
        <>
          {draft.company_deleted ? (
            <Text role="note" color="fg.warning" fontWeight="medium">{t(invoice !== null ? 'deleted.noteIssued' : 'deleted.noteOpen', { company: draft.company_name })}</Text>
          ) : null}
          {invoice ? (
            <IssuedInvoice invoice={invoice} timeZone={timeZone} viewer={viewer} onChange={setIssued} />
          ) : (
            <SummaryEditor companyId={companyId} offset={offset} timeZone={timeZone} value={summary} onChange={setSummary} />
          )}
          <Heading as="h3" size="md">
            {t('companyInvoice.items')}
          </Heading>
          {draft.items.length === 0 ? (
            <Text>{messageText(MESSAGES.noItemsToDisplay)}</Text>
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
