import { useState } from 'react';
import { Box, Button, Stack } from '@chakra-ui/react';
import { FileCheck } from 'lucide-react';
import type { InvoiceDraft, InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoiceMutations } from '@portal/api-client';
import { formatMoney } from '@portal/domain';
import { useFormats } from '@portal/session';
import { ConfirmDialog, ErrorAlert } from '@portal/ui';
import { monthName } from '../../../lib/month-name';
import { useT } from '../../../messages';

interface IssueInvoiceProps {
  draft: InvoiceDraft;
  offset: number;
  timeZone: string;
  summary: string;
  onIssued(invoice: InvoiceSummary): void;
}

/** Issues the month's invoice after a confirmation; a refusal (already issued, nothing to bill) is shown and nothing is lost. */
export function IssueInvoice({ draft, offset, timeZone, summary, onIssued }: IssueInvoiceProps) {
  const t = useT();
  const formats = useFormats();
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
          <FileCheck aria-hidden /> {t('issue.button')}
        </Button>
      </Box>
      <ConfirmDialog
        open={asking}
        title={t('issue.button')}
        message={t(offset === 0 ? 'issue.confirmCurrent' : 'issue.confirm', {
          month: monthName(draft.month, formats.locale), company: draft.company_name, total: formatMoney(draft.totals.total, formats),
        })}
        confirmLabel={t('issue.button')}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
      />
    </Stack>
  );
}
