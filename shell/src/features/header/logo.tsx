import { HStack, Text } from '@chakra-ui/react';
import { LifeBuoy } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PORTAL_NAME } from '../../config';
import { useT } from '../../messages';

/** The portal's mark and name, a link home. `compact`: the name gives way below sm (a phone's signed-in header). */
export function Logo({ to, compact = false }: { to: string; compact?: boolean }) {
  const t = useT();
  return (
    <RouterLink to={to} aria-label={t('logo.home', { portal: PORTAL_NAME })}>
      <HStack gap="2" flexShrink={0}>
        <LifeBuoy size={26} aria-hidden="true" />
        <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap" hideBelow={compact ? 'sm' : undefined}>
          {PORTAL_NAME}
        </Text>
      </HStack>
    </RouterLink>
  );
}
