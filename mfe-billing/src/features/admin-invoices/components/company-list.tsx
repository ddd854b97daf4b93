import { Badge, Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useInvoiceMonth } from '@portal/api-client';
import { formatMoney } from '@portal/domain';
import { useFormats } from '@portal/session';
import { ErrorAlert } from '@portal/ui';
import { useT } from '../../../messages';

interface CompanyListProps {
  offset: number;
  timeZone: string;
  selected: number | null;
  onSelect(companyId: number | null): void;
}

/** The clickable list of companies (docs/product/time-and-billing.md#admin-invoices-screen): every company with time in the month, its total and whether it was invoiced. */
export function CompanyList({ offset, timeZone, selected, onSelect }: CompanyListProps) {
  const t = useT();
  const formats = useFormats();
  const { data, error, isLoading } = useInvoiceMonth(offset, { timeZone });
  return (
    <Stack as="section" aria-labelledby="companies-heading" gap="2">
      <Heading as="h2" size="md" id="companies-heading">
        {t('companies.heading')}
      </Heading>
      <ErrorAlert message={error} size="sm" />
      {isLoading ? <Text color="fg.muted">{t('common.loading')}</Text> : null}
      {data && data.companies.length === 0 ? <Text color="fg.muted">{t('companies.empty')}</Text> : null}
      {data && data.companies.length > 0 ? (
        <Stack gap="1">
          {selected !== null ? (
            <Button size="sm" variant="ghost" justifyContent="flex-start" onClick={() => onSelect(null)}>
              {t('companies.all')}
            </Button>
          ) : null}
          {data.companies.map((company) => {
            const current = company.company_id === selected;
            return (
              <Button
                key={company.company_id}
                variant={current ? 'solid' : 'outline'}
                aria-pressed={current}
                justifyContent="space-between"
                h="auto"
                py="2"
                onClick={() => onSelect(company.company_id)}
              >
                {/* A long name gives way (truncated, in full on hover) to the badge and the total: a phone's row stays on screen. */}
                <Text as="span" truncate minW="0" title={company.company_name}>{company.company_name}</Text>
                <HStack as="span" gap="2" flexShrink={0}>
                  {company.invoice ? (
                    <Badge colorPalette={company.invoice.status === 'paid' ? 'green' : 'blue'}>
                      {company.invoice.status === 'paid' ? t('companies.paid') : t('companies.issued')}
                    </Badge>
                  ) : null}
                  <Text as="span" fontVariantNumeric="tabular-nums">{formatMoney(company.total, formats)}</Text>
                </HStack>
              </Button>
            );
          })}
        </Stack>
      ) : null}
    </Stack>
  );
}
