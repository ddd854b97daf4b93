import type { ReactNode } from 'react';
import { Box, Link, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router-dom';
import { preloadOnIntent } from './settings-layout';
import { useT } from '../messages';
import { CRM_SECTIONS, settingsPath, type CrmSection } from '../settings-tabs';

/** The crm tab: its sections as a vertical list of links, the current one beside it. */
export function CrmLayout({ current, children }: { current: CrmSection; children: ReactNode }) {
  const t = useT();
  return (
    // Stacked on a phone, the section takes the screen's width (its tables scroll inside it).
    <Stack direction={{ base: 'column', md: 'row' }} gap="6" align={{ base: 'stretch', md: 'start' }}>
      <Stack as="nav" aria-label={t('settings.crmSections')} gap="1" minW="48">
        {CRM_SECTIONS.map((section) => (
          <Link
            key={section.key}
            asChild
            px="3"
            py="2"
            rounded="md"
            bg={section.key === current ? 'blue.50' : undefined}
            fontWeight={section.key === current ? 'semibold' : 'normal'}
          >
            <NavLink {...preloadOnIntent(settingsPath('crm', section.key))} aria-current={section.key === current ? 'page' : undefined}>
              {t(section.label)}
              {section.comingSoon ? <Text as="span" color="fg.muted" fontSize="xs" ms="2">{t('settings.comingSoon')}</Text> : null}
            </NavLink>
          </Link>
        ))}
      </Stack>
      <Box flex="1" minW="0">{children}</Box>
    </Stack>
  );
}
