import { Box, Text } from '@chakra-ui/react';
import { PROVIDER_NAME } from '../config';
import { useT } from '../messages';

export function Footer() {
  const t = useT();
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="4" px="6" textAlign="center">
      <Text fontSize="sm" color="fg.muted">
        {t('footer.copyright', { year: String(new Date().getFullYear()), provider: PROVIDER_NAME })}
      </Text>
    </Box>
  );
}
