import { Box, Circle, HStack, Text } from '@chakra-ui/react';
import { Check } from 'lucide-react';
import { useT } from '../../../messages';

/** The wizard's steps in order, by the key of their name. */
export const REGISTRATION_STEPS = ['register.stepCompany', 'register.stepContacts', 'register.stepPreferences', 'register.stepWelcome'] as const;

/** The wizard's four steps, the current one marked (`aria-current="step"`), the ones before it ticked. */
export function StepIndicator({ current }: { current: number }) {
  const t = useT();
  return (
    <HStack as="ol" aria-label={t('register.steps')} gap={{ base: '2', md: '4' }} listStyleType="none" wrap="wrap">
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
              {t(label)}
              {done ? <Box as="span" srOnly> {t('register.stepDone')}</Box> : null}
            </Text>
          </HStack>
        );
      })}
    </HStack>
  );
}
