import type { ReactNode } from 'react';
import { Box, Flex, Heading, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { LayoutDashboard } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { CompanyProfileTab } from '@portal/domain';
import { useT } from '../messages';

const TAB_LABELS = {
  info: 'profile.tabInfo',
  contacts: 'profile.tabContacts',
  prefs: 'profile.tabPrefs',
  assignments: 'profile.tabAssignments',
  delete: 'profile.tabDelete',
} as const satisfies Record<CompanyProfileTab, string>;

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
  const t = useT();
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
      <RouterLink to={`/clients/${companyId}/${tab}`}>{t(TAB_LABELS[tab])}</RouterLink>
    </Link>
  );

  return (
    <Stack gap="5" p={{ base: '4', md: '6' }} maxW="6xl" mx="auto" w="full">
      <HStack gap="3">
        <Heading as="h1" size="lg">
          {t('profile.heading', { company: companyName })}
        </Heading>
        <IconButton asChild size="sm" variant="ghost" aria-label={t('profile.dashboard', { company: companyName })} title={t('profile.dashboardTitle')}>
          <RouterLink to={`/clients/${companyId}`}>
            <LayoutDashboard />
          </RouterLink>
        </IconButton>
      </HStack>
      <Flex as="nav" aria-label={t('profile.tabs')} borderBottomWidth="1px" wrap="wrap">
        {tabs.filter((tab) => tab !== 'delete').map(tabLink)}
        <Box flex="1" />
        {tabs.includes('delete') ? tabLink('delete') : null}
      </Flex>
      <Box as="section" aria-label={t(TAB_LABELS[current])}>{children}</Box>
    </Stack>
  );
}
