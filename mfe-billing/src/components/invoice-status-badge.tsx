import { Badge } from '@chakra-ui/react';
import type { InvoiceSummary } from '@portal/contract';
import { dayInZone, invoiceStatusLabel } from '@portal/domain';
import { useT } from '../messages';

const PALETTE = { Paid: 'green', Overdue: 'red', Due: 'blue' } as const;
const LABELS = { Paid: 'invoiceStatus.paid', Overdue: 'invoiceStatus.overdue', Due: 'invoiceStatus.due' } as const;

/** Paid, Due or Overdue (invoiceStatusLabel of the domain, against today on the viewer's calendar). */
export function InvoiceStatusBadge({ invoice, timeZone }: { invoice: Pick<InvoiceSummary, 'status' | 'due_date'>; timeZone: string }) {
  const t = useT();
  const label = invoiceStatusLabel(invoice.status, invoice.due_date, dayInZone(new Date(), timeZone));
  return <Badge colorPalette={PALETTE[label]}>{t(LABELS[label])}</Badge>;
}
