import type { ReactNode } from 'react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SECURITY_PAGE_PATH, canSeeAdminLinks, welcomeMessage } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { useSignOut } from '../../hooks/use-sign-out';
import { Logo } from './logo';

function NavLink({ to, children }: { to: string; children: string }) {
  return (
    <Button asChild variant="ghost" size="sm" color="inherit" _hover={{ bg: 'whiteAlpha.200' }}>
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}

/** Who the header is for, as the signed-in header shows them. */
export interface HeaderPerson {
  firstName: string;
  lastName: string;
  /** Their id, in the admins' My Tickets address; a string when rendered with the server's placeholders (src/prerender.tsx). */
  contactId: number | string;
  dashboard: string;
  adminLinks: boolean;
}

/**
 * The header's look, given everything it shows: the app's header below, and the signed-in frame the
 * server writes into a page before any JavaScript has run (src/prerender.tsx). Without `person`
 * (signed out) only the logo shows; with `enrolRequired` only Security and Sign Out.
 */
export function HeaderView({ person, enrolRequired = false, bell, search, onSignOut }: {
  person?: HeaderPerson;
  enrolRequired?: boolean;
  bell?: ReactNode;
  search?: ReactNode;
  onSignOut?(): void;
}) {
  return (
    <Box as="header" bg="blue.800" color="white" px={{ base: '3', md: '6' }} py="2">
      <Flex align="center" gap="4" wrap="wrap">
        <Logo to={person ? person.dashboard : '/login'} />
        {person ? (
          <>
            {/* Room for the name from lg up; the search box gives way first (searchRoom). */}
            <Text flex="1" minW={{ base: '0', lg: '12rem' }} truncate>
              {welcomeMessage(person.firstName, person.lastName)}
            </Text>
            {enrolRequired ? null : search}
            <HStack as="nav" aria-label="Main" gap="1" wrap="wrap">
              {enrolRequired ? null : bell}
              {enrolRequired ? null : <NavLink to={person.dashboard}>Dashboard</NavLink>}
              {person.adminLinks && !enrolRequired ? (
                <>
                  <NavLink to={`/agents/${person.contactId}/tickets`}>My Tickets</NavLink>
                  <NavLink to="/admins/invoices">Invoices</NavLink>
                  <NavLink to="/admins/settings/crm/direct">Options</NavLink>
                </>
              ) : null}
              <NavLink to={SECURITY_PAGE_PATH}>Security</NavLink>
              <Button size="sm" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={onSignOut}>
                Sign Out
              </Button>
            </HStack>
          </>
        ) : null}
      </Flex>
    </Box>
  );
}

/**
 * The page header (docs/product/dashboards.md#page-shell): logo, welcome line, search box (docs/product/search.md#where-it-is), bell, Dashboard, admin-only My Tickets, Invoices and Options, Security, Sign Out.
 * The bell and the search box are other features: the layout composes them in through `bell` and `search`.
 * While the admins' policy waits for a second factor only Security and Sign Out show
 * (docs/product/accounts-and-roles.md#account-security): nothing else would open.
 */
export function Header({ bell, search }: { bell?(contactId: number): ReactNode; search?: ReactNode }) {
  const contact = useSession((s) => s.contact);
  const dashboard = useSession((s) => s.dashboard);
  const viewer = useViewer();
  const isLoggedIn = useSession((s) => s.isLoggedIn);
  const enrolRequired = useSession((s) => s.enrolRequired);
  const signOut = useSignOut();
  const person: HeaderPerson | undefined = isLoggedIn && contact ? {
    firstName: contact.first_name, lastName: contact.last_name, contactId: contact.contact_id, dashboard,
    adminLinks: viewer !== null && canSeeAdminLinks(viewer),
  } : undefined;

  return (
    <HeaderView
      person={person}
      enrolRequired={enrolRequired}
      bell={contact ? bell?.(contact.contact_id) : undefined}
      search={search}
      onSignOut={() => void signOut()}
    />
  );
}
