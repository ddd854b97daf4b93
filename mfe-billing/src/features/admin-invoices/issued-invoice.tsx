import { useState } from 'react';
import { Alert, Button, HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { InvoiceSummary } from '@portal/contract';
import { errorMessage, useInvoice, useInvoiceMutations } from '@portal/api-client';
import { canMarkInvoicePaid, formatDate, type Viewer } from '@portal/domain';
import { useFormats } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { InvoiceStatusBadge } from '../../components/invoice-status-badge';
import { useT } from '../../messages';

interface IssuedInvoiceProps {
  invoice: InvoiceSummary;
  timeZone: string;
  viewer: Viewer;
  onChange(invoice: InvoiceSummary): void;
}

/** The month's issued invoice: number, status, due date, its frozen summary, a link to its page and Mark paid. */
export function IssuedInvoice({ invoice, timeZone, viewer, onChange }: IssuedInvoiceProps) {
  const t = useT();
  // Issue and due dates are calendar days: read as they are, not moved to a time zone.
  const dayFormats = { ...useFormats(), timeZone: 'UTC' };
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
      <Alert.Root status={invoice.status === 'paid' ? 'success' : 'info'} role="status" aria-label={t('issued.label')}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <HStack gap="2" wrap="wrap">
              <Text as="span">
                {t('issued.title', { number: invoice.number, issued: formatDate(invoice.issue_date, dayFormats), due: formatDate(invoice.due_date, dayFormats) })}
              </Text>
              <InvoiceStatusBadge invoice={invoice} timeZone={timeZone} />
            </HStack>
          </Alert.Title>
          <Alert.Description>
            <Link asChild colorPalette="blue">
              <RouterLink to={`/clients/${invoice.company_id}/invoices/${invoice.invoice_id}`}>{t('issued.open', { number: invoice.number })}</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Heading as="h3" size="md">
        {t('summary.heading')}
      </Heading>
      <Text>{full ? full.summary || t('issued.noSummary') : t('common.loading')}</Text>
      {invoice.status === 'issued' && canMarkInvoicePaid(viewer) ? (
        <HStack>
          <Button size="sm" variant="outline" colorPalette="green" loading={busy} onClick={() => void markPaid()}>
            {t('issued.markPaid')}
          </Button>
        </HStack>
      ) : null}
      <ErrorAlert message={error} size="sm" />
    </Stack>
  );
}
