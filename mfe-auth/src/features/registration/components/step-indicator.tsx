import { Box, Circle, HStack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';

export const REGISTRATION_STEPS = ['Company Info', 'Contacts', 'Preferences', 'Welcome'] as const;

/** The wizard's four steps, the current one marked (`aria-current="step"`), the ones before it ticked. */
export function StepIndicator({ current }: { current: number }) {
  return (
    <HStack as="ol" aria-label="Registration steps" gap={{ base: '2', md: '4' }} listStyleType="none" wrap="wrap">
      {REGISTRATION_STEPS.map((label, index) => {
        const number = index + 1;
        const done = number < current;
        const active = number === current;
        return (
          <HStack as="li" key={label} gap="2" aria-current={active ? 'step' : undefined}>
            <Circle
              size="7"
              fontSize="sm"
              fontWeight="semibold"
              bg={active || done ? 'blue.600' : 'bg.muted'}
              color={active || done ? 'white' : 'fg.muted'}
              aria-hidden
            >
              {done ? <Check size={14} /> : number}
            </Circle>
            <Text fontWeight={active ? 'semibold' : 'normal'} color={active ? 'fg' : 'fg.muted'}>
              {label}
              {done ? <Box as="span" srOnly> (done)</Box> : null}
            </Text>
          </HStack>
        );
      })}
    </HStack>
  );
}
