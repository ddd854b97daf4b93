import { useState } from 'react';
import { Alert, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoice, useInvoiceMutations } from '@portal/api-client';
import { canMarkInvoicePaid, formatDateUs, type Viewer } from '@portal/domain';
import { ErrorAlert } from '@portal/ui';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge';

interface IssuedInvoiceProps {
  invoice: InvoiceSummary;
  timeZone: string;
  viewer: Viewer;
  onChange(invoice: InvoiceSummary): void;
}

/** The month's issued invoice: number, status, due date, its frozen summary, a link to its page and Mark paid. */
export function IssuedInvoice({ invoice, timeZone, viewer, onChange }: IssuedInvoiceProps) {
  const { setStatus } = useInvoiceMutations();
  const { data: full } = useInvoice(invoice.company_id, invoice.invoice_id);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function markPaid() {
    setBusy(true);
    setError(null);
    try {
      onChange(await setStatus(invoice.company_id, invoice.invoice_id, 'paid'));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="2">
      <Alert.Root status={invoice.status === 'paid' ? 'success' : 'info'} role="status" aria-label="Issued invoice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <HStack gap="2" wrap="wrap">
              <Text as="span">Invoice {invoice.number} issued {formatDateUs(invoice.issue_date)}, due {formatDateUs(invoice.due_date)}</Text>
              <InvoiceStatusBadge invoice={invoice} timeZone={timeZone} />
            </HStack>
          </Alert.Title>
          <Alert.Description>
            <Link asChild colorPalette="blue">
              <RouterLink to={`/clients/${invoice.company_id}/invoices/${invoice.invoice_id}`}>Open invoice {invoice.number}</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Heading as="h3" size="md">
        Summary
      </Heading>
      <Text>{full ? full.summary || 'No summary.' : 'Loading…'}</Text>
      {invoice.status === 'issued' && canMarkInvoicePaid(viewer) ? (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="green" loading={busy} onClick={() => void markPaid()}>
            Mark paid
          </Button>
        </HStack>
      ) : null}
      <ErrorAlert message={error} size="sm" />
    </Stack>
  );
}
