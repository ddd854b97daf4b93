import type { ReactNode } from 'react';
import { Heading, Stack, Text } from '@chakra-ui/react';
import { useT } from './messages';

/** The one "Page not found" page of the shell and every remote; `children` is the way back (a link). */
export function NotFoundPage({ children }: { children?: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="4" align="center" textAlign="center" py="16">
      <Heading as="h1" size="2xl">
        {t('notFound.heading')}
      </Heading>
      <Text color="fg.muted">{t('notFound.text')}</Text>
      {children}
    </Stack>
  );
}
