import { Heading, Link, List, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { canReadCompanyInvoices, canViewBilling } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { useT } from '../../messages';

/** /invoice, the page titled Invoice (docs/product/time-and-billing.md#invoices): where each reader's invoices are. */
export function InvoiceHomePage() {
  const t = useT();
  const viewer = useViewer();
  const contact = useSession((s) => s.contact);
  const companies = (contact?.companies ?? []).filter((c) => viewer !== null && canReadCompanyInvoices(viewer, c.company_id));
  return (
    <Stack gap="3">
      <Heading as="h1" size="2xl">
        {t('invoiceHome.heading')}
      </Heading>
      {viewer && canViewBilling(viewer) ? (
        <Text>
          {t.rich('invoiceHome.admin', {
            link: (chunks) => <Link key="link" asChild colorPalette="blue"><RouterLink to="/admins/invoices">{chunks}</RouterLink></Link>,
          })}
        </Text>
      ) : null}
      {viewer && !canViewBilling(viewer) && companies.length > 0 ? (
        <List.Root variant="plain" gap="1">
          {companies.map((company) => (
            <List.Item key={company.company_id}>
              <Link asChild colorPalette="blue">
                <RouterLink to={`/clients/${company.company_id}/invoices`}>{t('invoiceHome.companyInvoices', { company: company.name })}</RouterLink>
              </Link>
            </List.Item>
          ))}
        </List.Root>
      ) : null}
      {viewer && !canViewBilling(viewer) && companies.length === 0 ? (
        <Text color="fg.muted">{t('invoiceHome.none')}</Text>
      ) : null}
    </Stack>
  );
}
