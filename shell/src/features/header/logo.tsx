import { HStack, Text } from '@chakra-ui/react';
import { LifeBuoy } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import type { Translate } from '@portal/i18n';
import { frameLabel } from '@portal/ui/prerendered-frame';
import { PORTAL_NAME } from '../../config';
import { useT, type ShellKey } from '../../messages';

/** The logo link's name: the portal's home. */
export const homeLabel = (t: Translate<ShellKey>): string => t('logo.home', { portal: PORTAL_NAME });

/** The portal's mark and name, a link home. `compact`: the name gives way below sm (a phone's signed-in header). */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  const t = useT();
  return (
    <RouterLink to={to} aria-label={homeLabel(t)} {...frameLabel('logo.home')}>
      <HStack gap="2" flexShrink={0}>
        <LifeBuoy size={26} aria-hidden="true" />
        <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap" hideBelow={compact ? 'sm' : undefined}>
          {PORTAL_NAME}
        </Text>
      </HStack>
    </RouterLink>
  );
}
