import type { ReactNode } from 'react';
import { Box, Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { useT } from '../messages';
import { preloadPage } from '../settings-pages';
import { SETTINGS_TABS, settingsPath, type SettingsTab } from '../settings-tabs';

/** A tab's link, whose code starts loading when a pointer rests on it or it takes focus (a click then finds it in). */
export const preloadOnIntent = (to: string) => ({ to, onMouseEnter: () => void preloadPage(to), onFocus: () => void preloadPage(to) });

/** The page heading and the tab links; the current tab's content below. */
export function SettingsLayout({ current, children }: { current: SettingsTab; children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="4" p="6">
      <Heading as="h1" size="xl">{t('settings.heading')}</Heading>
      {/* On a phone the tabs scroll sideways under the heading; the page keeps its width. */}
      <HStack as="nav" aria-label={t('settings.tabs')} gap="1" borderBottomWidth="1px" overflowX="auto">
        {SETTINGS_TABS.map((tab) => (
          <Link
            key={tab.key}
            asChild
            px="4"
            py="2"
            flexShrink={0}
            whiteSpace="nowrap"
            borderBottomWidth="2px"
            borderColor={tab.key === current ? 'blue.500' : 'transparent'}
            fontWeight={tab.key === current ? 'semibold' : 'normal'}
          >
            <NavLink {...preloadOnIntent(tab.key === 'crm' ? settingsPath('crm', 'direct') : settingsPath(tab.key))} aria-current={tab.key === current ? 'page' : undefined}>
              {t(tab.label)}
            </NavLink>
          </Link>
        ))}
      </HStack>
      <Box>{children}</Box>
    </Stack>
  );
}
