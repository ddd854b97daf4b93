import { Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { usePublicSettings } from '@portal/api-client';
import { MESSAGES } from '@portal/domain';
import { useT } from '../../../messages';
import { useShownText } from '../../../messages/shown-text';

/**
 * The reset-code problem screen (docs/product/accounts-and-roles.md#password-reset) with the exact cause, a Try
 * Again link to /forgotpassword and a support link (the server's SUPPORT_EMAIL, read at run time).
 */
export function ResetCodeProblem({ cause }: { cause: string }) {
  const { data: settings } = usePublicSettings();
  const t = useT();
  const shown = useShownText();
  return (
    <Stack gap="4" textAlign="center" align="center">
      <Heading as="h1" size="lg">{shown(MESSAGES.resetCodeProblem)}</Heading>
      <Text role="alert" color="red.600">{shown(cause)}</Text>
      <HStack gap="4" wrap="wrap" justify="center">
        <Button asChild colorPalette="blue">
          <RouterLink to="/forgotpassword">{t('reset.tryAgain')}</RouterLink>
        </Button>
        {settings?.support_email ? (
          <Link href={`mailto:${settings.support_email}`} colorPalette="blue">{t('reset.contactSupport')}</Link>
        ) : null}
      </HStack>
    </Stack>
  );
}
