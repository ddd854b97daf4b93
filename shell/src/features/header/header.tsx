import type { ReactNode } from 'react';
import { Box, Button, Flex, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { canSeeAdminLinks } from '@portal/domain';
import { useSession, useViewer } from '@portal/session';
import { useSignOut } from '../../hooks/use-sign-out';
import { useT } from '../../messages';
import { headerLinks } from './header-links';
import { HeaderMenu } from './header-menu';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';

/** A link of the wide header's row; below lg it is in the menu instead (HeaderMenu). */
function NavLink({ to, children }: { to: string; children: string }) {
  return (
    <Button asChild hideBelow="lg" variant="ghost" size="sm" color="inherit" _hover={{ bg: 'whiteAlpha.200' }}>
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
 * From lg up the links stand in a row; below, one row holds the logo's icon, the search box, the bell
 * and a 'Menu' button that opens them in a drawer (HeaderMenu). Which one shows is CSS alone, so the
 * server's frame has the shape the app's header takes.
 */
export function HeaderView({ person, enrolRequired = false, bell, search, timer, language, menuLanguage, onSignOut }: {
  person?: HeaderPerson;
  enrolRequired?: boolean;
  bell?: ReactNode;
  search?: ReactNode;
  /** The person's language choice in the row (from lg up) and in the narrow header's menu; not while a second factor is awaited. */
  language?: ReactNode;
  menuLanguage?: ReactNode;
  /** A staff member's running timer (docs/product/time-and-billing.md#timers); nothing when there is none. */
  timer?: ReactNode;
  onSignOut?(): void;
}) {
  const t = useT();
  const links = person ? headerLinks(person, enrolRequired) : [];
  const welcome = person ? t('header.welcome', { firstName: person.firstName, lastName: person.lastName }) : null;
  return (
    <Box as="header" position="relative" bg="blue.800" color="white" px={{ base: '3', md: '6' }} py="2">
      <Flex align="center" gap={{ base: '2', md: '4' }} wrap={{ base: 'nowrap', lg: 'wrap' }}>
        <Logo to={person ? person.dashboard : '/login'} compact={person !== undefined} />
        {person ? (
          <>
            {/* Room for the name from lg up; the search box gives way first (searchRoom). Below md: in the menu. */}
            <Text hideBelow="md" flex="1" minW={{ base: '0', lg: '12rem' }} truncate>
              {welcome}
            </Text>
            {enrolRequired ? null : timer}
            {enrolRequired ? null : search}
            <HStack as="nav" aria-label={t('header.main')} gap="1" wrap={{ base: 'nowrap', lg: 'wrap' }} flexShrink={{ base: 0, lg: 1 }} ms={{ base: 'auto', lg: '0' }}>
              {enrolRequired ? null : bell}
              {links.map((link) => <NavLink key={link.to} to={link.to}>{t(link.label)}</NavLink>)}
              {language && !enrolRequired ? <Box hideBelow="lg">{language}</Box> : null}
              <Button hideBelow="lg" size="sm" variant="outline" color="inherit" _hover={{ bg: 'whiteAlpha.200' }} onClick={onSignOut}>
                {t('header.signOut')}
              </Button>
              <Box hideFrom="lg">
                <HeaderMenu welcome={welcome} links={links} language={enrolRequired ? undefined : menuLanguage} onSignOut={onSignOut} />
              </Box>
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
export function Header({ bell, search, timer }: { bell?(contactId: number): ReactNode; search?: ReactNode; timer?: ReactNode }) {
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
      timer={isLoggedIn ? timer : undefined}
      language={person ? <LanguageSelect /> : undefined}
      menuLanguage={person ? <LanguageSelect inMenu /> : undefined}
      onSignOut={() => void signOut()}
    />
  );
}
