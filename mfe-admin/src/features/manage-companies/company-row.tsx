import { Button, HStack, Link, Table, Text } from '@chakra-ui/react';
import { Globe, LayoutDashboard, Mail, Phone, Settings } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { useCompanyContacts } from '@portal/api-client';
import type { Company } from '@portal/contract';
import { LIST_NAME_MAX, truncate } from '@portal/domain';
import { safeUrl } from '@portal/ui';
import { InitialsBadge } from '../../components/initials-badge';

/** One company: badge and name, then dashboard, settings, site, the primary contact's mail and phone, Delete. */
export function CompanyRow({ company, onDelete }: { company: Company; onDelete(): void }) {
  const { data: contacts } = useCompanyContacts(company.company_id);
  const primary = contacts?.find((contact) => contact.primary === 1);
  const site = company.url ? safeUrl(/^https?:\/\//i.test(company.url) ? company.url : `https://${company.url}`) : null;
  const id = company.company_id;
  return (
    <Table.Row aria-label={company.name}>
      <Table.Cell><InitialsBadge name={company.name} /></Table.Cell>
      <Table.Cell><Text title={company.name} fontWeight="medium">{truncate(company.name, LIST_NAME_MAX)}</Text></Table.Cell>
      <Table.Cell>
        <HStack gap="3">
          <Link asChild aria-label={`${company.name} dashboard`}><RouterLink to={`/clients/${id}`}><LayoutDashboard size={16} /></RouterLink></Link>
          <Link asChild aria-label={`${company.name} settings`}><RouterLink to={`/clients/${id}/info`}><Settings size={16} /></RouterLink></Link>
          {site ? <Link href={site} target="_blank" rel="noreferrer" aria-label={`${company.name} website`}><Globe size={16} /></Link> : null}
          {primary ? <Link href={`mailto:${primary.email}`} aria-label={`E-mail ${primary.first_name} ${primary.last_name}`}><Mail size={16} /></Link> : null}
          {primary?.phone ? <Link href={`tel:${primary.phone}`} aria-label={`Call ${primary.first_name} ${primary.last_name}`}><Phone size={16} /></Link> : null}
        </HStack>
      </Table.Cell>
      <Table.Cell textAlign="end">
        <Button size="xs" variant="ghost" colorPalette="red" aria-label={`Delete ${company.name}`} onClick={onDelete}>Delete</Button>
      </Table.Cell>
    </Table.Row>
  );
}
