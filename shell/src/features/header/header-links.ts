import { SECURITY_PAGE_PATH } from '@portal/domain';

/** One of the header's links, as the wide header's row and the narrow header's menu both show it. */
export interface HeaderLink {
  to: string;
  label: string;
}

/**
 * The header's links (docs/product/dashboards.md#page-shell), Sign Out aside: Dashboard; for admins My Tickets,
 * Invoices and Options; Security. While the admins' policy waits for a second factor, Security alone.
 */
export function headerLinks(
  person: { dashboard: string; contactId: number | string; adminLinks: boolean },
  enrolRequired: boolean,
): HeaderLink[] {
  const security = { to: SECURITY_PAGE_PATH, label: 'Security' };
  if (enrolRequired) return [security];
  return [
    { to: person.dashboard, label: 'Dashboard' },
    ...(person.adminLinks
      ? [
          { to: `/agents/${person.contactId}/tickets`, label: 'My Tickets' },
          { to: '/admins/invoices', label: 'Invoices' },
          { to: '/admins/settings/crm/direct', label: 'Options' },
        ]
      : []),
    security,
  ];
}
