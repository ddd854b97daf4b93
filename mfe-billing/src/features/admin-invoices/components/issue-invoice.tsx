import { useState } from 'react';
import { Box, Button, Stack } from '@chakra-ui/react';
import { FileCheck } from 'lucide-react';
import type { InvoiceDraft, InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoiceMutations } from '@portal/api-client';
import { formatUsd, monthLabel } from '@portal/domain';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';

interface IssueInvoiceProps {
  draft: InvoiceDraft;
  offset: number;
  timeZone: string;
  summary: string;
  onIssued(invoice: InvoiceSummary): void;
}

function confirmMessage(draft: InvoiceDraft, current: boolean): string {
  const what = `Issue the ${monthLabel(draft.month)} invoice for ${draft.company_name} (${formatUsd(draft.totals.total)})?`;
  const frozen = ' Its items, rates, summary and totals are frozen once issued.';
  return current ? `${what}${frozen} This month is not over: time logged after now will not be on this invoice.` : `${what}${frozen}`;
}

/** Issues the month's invoice after a confirmation; a refusal (already issued, nothing to bill) is shown and nothing is lost. */
export function IssueInvoice({ draft, offset, timeZone, summary, onIssued }: IssueInvoiceProps) {
  const { issue } = useInvoiceMutations();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const issued = await issue(draft.company_id, { offset, time_zone: timeZone, summary });
      setAsking(false);
      onIssued(issued);
    } catch (failure) {
      setAsking(false);
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2">
      <ErrorAlert message={error} />
      <Box>
        <Button colorPalette="blue" onClick={() => setAsking(true)}>
          <FileCheck aria-hidden /> Issue invoice
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title="Issue invoice"
        message={confirmMessage(draft, offset === 0)}
        confirmLabel="Issue invoice"
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
