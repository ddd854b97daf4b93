import type { ReactNode } from 'react';
import { Box, Grid, HStack, Heading, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { MONTH_OFFSET_MAX, canViewBilling, monthsBackPeriod } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { NotAuthorized, NotFoundPage } from '@portal/ui';
import { CompanyList } from './components/company-list';
import { DeletedCompanyInvoices } from './components/deleted-company-invoices';
import { InvoiceDetails } from './invoice-details';
import { MonthNav } from './components/month-nav';
import { ExportLinks } from './components/export-links';
import { PayrollList } from './components/payroll-list';
import { monthName } from '../../lib/month-name';
import { useT } from '../../messages';

/** '/admins/invoices' is this month (offset 0); '/admins/invoices/3' three months back; anything else is not a month. */
function parseOffset(param: string | undefined): number | null {
  if (param === undefined) return 0;
  if (!/^\d{1,3}$/.test(param)) return null;
  const offset = Number(param);
  return offset <= MONTH_OFFSET_MAX ? offset : null;
}

/**
 * The admin invoices screen (docs/product/time-and-billing.md#admin-invoices-screen): the month `offset` months back; left the payroll and the
 * companies and the deleted companies' invoices (#deleted-companies), right the selected company's invoice (kept in the URL as
 * ?company=ID) or the month's total.
 * `accounting` is the accounting block the remote's routes compose in below.
 */
export function AdminInvoicesPage({ accounting }: { accounting?: ReactNode }) {
  const t = useT();
  const viewer = useViewer();
  const timeZone = useSession((s) => s.timeZone);
  const language = useSession((s) => s.language);
  const { offset: param } = useParams();
  const [search, setSearch] = useSearchParams();
  if (!viewer || !canViewBilling(viewer)) return <NotAuthorized />;
  const offset = parseOffset(param);
  const period = offset === null ? null : monthsBackPeriod(new Date(), offset, timeZone);
  if (offset === null || !period) return <NotFoundPage />;

  const companyParam = Number(search.get('company'));
  const companyId = Number.isInteger(companyParam) && companyParam > 0 ? companyParam : null;
  const select = (id: number | null) => {
    const next = new URLSearchParams(search);
    if (id === null) next.delete('company');
    else next.set('company', String(id));
    setSearch(next);
  };

  return (
    <Stack gap="6">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size="2xl">
          {t('adminInvoices.heading')}
        </Heading>
        <Link asChild colorPalette="blue">
          <RouterLink to="/admins/statements">{t('adminInvoices.statementsLink')}</RouterLink>
        </Link>
      </HStack>
      <MonthNav offset={offset} label={monthName(period.month, language)} search={search.toString()} />
      <ExportLinks month={period.month} timeZone={timeZone} />
      {/* minmax(0, …): a column never grows past the screen with its widest word (a long company name on a phone). */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(16rem, 1fr) minmax(0, 2fr)' }} gap="8" alignItems="start">
        <Stack gap="6">
          <PayrollList offset={offset} timeZone={timeZone} />
          <CompanyList offset={offset} timeZone={timeZone} selected={companyId} onSelect={select} />
          <DeletedCompanyInvoices timeZone={timeZone} />
        </Stack>
        <Box minW="0">
          <InvoiceDetails
            key={`${companyId ?? 'all'}-${offset}`}
            offset={offset}
            companyId={companyId}
            timeZone={timeZone}
            viewer={viewer}
          />
        </Box>
      </Grid>
      {accounting}
    </Stack>
  );
}
