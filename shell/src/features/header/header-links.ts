import { SECURITY_PAGE_PATH } from '@portal/domain';

/** One of the header's links, as the wide header's row and the narrow header's menu both show it; `label` is the key of its text. */
export interface HeaderLink {
  to: string;
  label: 'header.dashboard' | 'header.myTickets' | 'header.invoices' | 'header.options' | 'header.security';
}

/**
 * The header's links (docs/product/dashboards.md#page-shell), Sign Out aside: Dashboard; for admins My Tickets,
 * Invoices and Options; Security. While the admins' policy waits for a second factor, Security alone.
 */
export function headerLinks(
  person: { dashboard: string; contactId: number | string; adminLinks: boolean },
  enrolRequired: boolean,
): HeaderLink[] {
  const security: HeaderLink = { to: SECURITY_PAGE_PATH, label: 'header.security' };
  if (enrolRequired) return [security];
  return [
    { to: person.dashboard, label: 'header.dashboard' },
    ...(person.adminLinks
      ? [
          { to: `/agents/${person.contactId}/tickets`, label: 'header.myTickets' },
          { to: '/admins/invoices', label: 'header.invoices' },
          { to: '/admins/settings/crm/direct', label: 'header.options' },
        ] satisfies HeaderLink[]
      : []),
    security,
  ];
}
