import type { ReactNode } from 'react';
import { Box, Flex, Heading, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { LayoutDashboard } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { profileSettingsTitle, type CompanyProfileTab } from '@portal/domain';

const TAB_LABELS: Record<CompanyProfileTab, string> = {
  info: 'Info',
  contacts: 'Contacts',
  prefs: 'Preferences',
  assignments: 'Assignments',
  delete: 'Delete',
};

/**
 * Company profile settings (docs/product/companies-and-contacts.md#company-profile-settings): '{company name} Profile Settings', a dashboard icon linking
 * to /clients/{clientId}, and the tabs as links (delete red and on the right).
 */
export function ProfileSettingsLayout({
  companyId, companyName, tabs, current, children,
}: {
  companyId: number;
  companyName: string;
  tabs: readonly CompanyProfileTab[];
  current: CompanyProfileTab;
  children: ReactNode;
}) {
  const tabLink = (tab: CompanyProfileTab) => (
    <Link
      key={tab}
      asChild
      px="3"
      py="2"
      fontWeight={tab === current ? 'semibold' : 'normal'}
      borderBottomWidth="2px"
      borderColor={tab === current ? (tab === 'delete' ? 'red.600' : 'blue.600') : 'transparent'}
      color={tab === 'delete' ? 'red.700' : tab === current ? 'blue.700' : 'fg'}
      textDecoration="none"
      aria-current={tab === current ? 'page' : undefined}
    >
      <RouterLink to={`/clients/${companyId}/${tab}`}>{TAB_LABELS[tab]}</RouterLink>
    </Link>
  );

  return (
    <Stack gap="5" p={{ base: '4', md: '6' }} maxW="6xl" mx="auto" w="full">
      <HStack gap="3">
        <Heading as="h1" size="lg">
          {profileSettingsTitle(companyName)}
        </Heading>
        <IconButton asChild size="sm" variant="ghost" aria-label={`${companyName} dashboard`} title="Company dashboard">
          <RouterLink to={`/clients/${companyId}`}>
            <LayoutDashboard />
          </RouterLink>
        </IconButton>
      </HStack>
      <Flex as="nav" aria-label="Profile settings" borderBottomWidth="1px" wrap="wrap">
        {tabs.filter((tab) => tab !== 'delete').map(tabLink)}
        <Box flex="1" />
        {tabs.includes('delete') ? tabLink('delete') : null}
      </Flex>
      <Box as="section" aria-label={TAB_LABELS[current]}>{children}</Box>
    </Stack>
  );
}
