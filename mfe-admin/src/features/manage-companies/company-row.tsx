import { Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { Globe, LayoutDashboard, Mail, Phone, Settings } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CompanyWithPrimary } from '@portal/contract';
import { LIST_NAME_MAX, truncate } from '@portal/domain';
import { safeUrl } from '@portal/ui';
import { InitialsBadge } from '../../components/initials-badge';
import { useT } from '../../messages';

/** One company: badge and name, then dashboard, settings, site, the primary contact's mail and phone, Delete. */
export function CompanyRow({ company, onDelete }: { company: CompanyWithPrimary; onDelete(): void }) {
  const t = useT();
  const primary = company.primary_contact ?? null;
  const site = company.url ? safeUrl(/^https?:\/\//i.test(company.url) ? company.url : `https://${company.url}`) : null;
  const id = company.company_id;
  const primaryName = primary ? `${primary.first_name} ${primary.last_name}` : '';
  return (
    <Table.Row aria-label={company.name}>
      <Table.Cell w="16"><InitialsBadge name={company.name} /></Table.Cell>
      <Table.Cell><Text title={company.name} fontWeight="medium">{truncate(company.name, LIST_NAME_MAX)}</Text></Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          <Link asChild aria-label={t('manageCompanies.dashboardLink', { company: company.name })} title={t('manageCompanies.dashboardTitle')}><RouterLink to={`/clients/${id}`}><LayoutDashboard size={16} /></RouterLink></Link>
          <Link asChild aria-label={t('manageCompanies.settingsLink', { company: company.name })} title={t('manageCompanies.settingsTitle')}><RouterLink to={`/clients/${id}/info`}><Settings size={16} /></RouterLink></Link>
          {site ? <Link href={site} target="_blank" rel="noreferrer" aria-label={t('manageCompanies.websiteLink', { company: company.name })} title={company.url ?? ''}><Globe size={16} /></Link> : null}
          {primary ? <Link href={`mailto:${primary.email}`} aria-label={t('manageCompanies.emailContact', { name: primaryName })} title={primary.email}><Mail size={16} /></Link> : null}
          {primary?.phone ? <Link href={`tel:${primary.phone}`} aria-label={t('manageCompanies.callContact', { name: primaryName })} title={primary.phone}><Phone size={16} /></Link> : null}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="xs" variant="ghost" colorPalette="red" aria-label={t('manageCompanies.deleteCompany', { company: company.name })} onClick={onDelete}>{t('manageCompanies.delete')}</Button>
      </Table.Cell>
    </Table.Row>
  );
}
