import { HStack, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useDeletedCompanyInvoices } from '@portal/api-client';
import { formatMoney, monthOffsetOf, monthsBackPeriod } from '@portal/domain';
import { useFormats } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { InvoiceStatusBadge } from '../../../components/invoice-status-badge';
import { monthName } from '../../../lib/month-name';
import { useT } from '../../../messages';

/**
 * The issued invoices of deleted companies (docs/product/time-and-billing.md#deleted-companies): each opens as an
 * invoice page, and its month opens on this screen with the company selected.
 */
export function DeletedCompanyInvoices({ timeZone }: { timeZone: string }) {
  const t = useT();
  const formats = useFormats();
  const title = t('deleted.heading');
  const { data, error, isLoading } = useDeletedCompanyInvoices();
  const currentMonth = monthsBackPeriod(new Date(), 0, timeZone)?.month ?? '';
  return (
    <Stack as="section" aria-labelledby="deleted-companies-heading" gap="2">
      <Heading as="h2" size="md" id="deleted-companies-heading">
        {title}
      </Heading>
      <ErrorAlert message={error} size="sm" />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {data && data.length === 0 ? <Text color="fg.muted">{t('deleted.empty')}</Text> : null}
      {data && data.length > 0 ? (
        <Stack as="ul" gap="2" listStyleType="none" aria-label={title}>
          {data.map((invoice) => {
            const offset = monthOffsetOf(invoice.month, currentMonth);
            return (
              <Stack as="li" key={invoice.invoice_id} gap="0" aria-label={invoice.number}>
                <HStack justify="space-between" gap="2" wrap="wrap">
                  <Link asChild colorPalette="blue">
                    <RouterLink to={`/clients/${invoice.company_id}/invoices/${invoice.invoice_id}`}>{invoice.number}</RouterLink>
                  </Link>
                  <HStack as="span" gap="2">
                    <InvoiceStatusBadge invoice={invoice} timeZone={timeZone} />
                    <Text as="span" fontVariantNumeric="tabular-nums">{formatMoney(invoice.total, formats)}</Text>
                  </HStack>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {invoice.company_name},{' '}
                  {offset === null ? monthName(invoice.month, formats.locale) : (
                    <Link asChild>
                      <RouterLink to={`/admins/invoices${offset === 0 ? '' : `/${offset}`}?company=${invoice.company_id}`}>{monthName(invoice.month, formats.locale)}</RouterLink>
                    </Link>
                  )}
                </Text>
              </Stack>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
