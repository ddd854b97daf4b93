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

  return (
    <Box as="header" bg="blue.800" color="white" px={{ base: '3', md: '6' }} py="2">
      <Flex align="center" gap="4" wrap="wrap">
        <Logo to={isLoggedIn ? dashboard : '/login'} />
        {isLoggedIn && contact ? (
          <>
            <Text flex="1" minW="0" truncate>
              {welcomeMessage(contact.first_name, contact.last_name)}
            </Text>
            {enrolRequired ? null : search}
            <HStack as="nav" aria-label="Main" gap="1" wrap="wrap">
              {enrolRequired ? null : bell?.(contact.contact_id)}
              {enrolRequired ? null : <NavLink to={dashboard}>Dashboard</NavLink>}
              {viewer && canSeeAdminLinks(viewer) && !enrolRequired ? (
                <>
                  <NavLink to={`/agents/${contact.contact_id}/tickets`}>My Tickets</NavLink>
                  <NavLink to="/admins/invoices">Invoices</NavLink>
                  <NavLink to="/admins/settings/crm/direct">Options</NavLink>
                </>
              ) : null}
              <NavLink to={SECURITY_PAGE_PATH}>Security</NavLink>
              <Button size="sm" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={() => void signOut()}>
                Sign Out
              </Button>
            </HStack>
          </>
        ) : null}
      </Flex>
    </Box>
  );
}
