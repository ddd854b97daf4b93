import { HStack, Text } from '@chakra-ui/react';
import { LifeBuoy } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { PORTAL_NAME } from '../../config';

export function Logo({ to }: { to: string }) {
  return (
    <RouterLink to={to} aria-label={`${PORTAL_NAME} home`}>
      <HStack gap="2">
        <LifeBuoy size={26} aria-hidden="true" />
        <Text fontWeight="bold" fontSize="lg" whiteSpace="nowrap">
          {PORTAL_NAME}
        </Text>
      </HStack>
    </RouterLink>
  );
}
