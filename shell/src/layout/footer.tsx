import { Box, Text } from '@chakra-ui/react';
import type { Translate } from '@portal/i18n';
import { frameText } from '@portal/ui/prerendered-frame';
import { PROVIDER_NAME } from '../config';
import { useT, type ShellKey } from '../messages';

/** The footer's line: the provider's copyright, this year (docs/product/dashboards.md#page-shell). */
export const copyrightLine = (t: Translate<ShellKey>): string =>
  t('footer.copyright', { year: String(new Date().getFullYear()), provider: PROVIDER_NAME });

export function Footer() {
  const t = useT();
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="4" px="6" textAlign="center">
      <Text fontSize="sm" color="fg.muted" {...frameText('footer.copyright')}>
        {copyrightLine(t)}
      </Text>
    </Box>
  );
}
