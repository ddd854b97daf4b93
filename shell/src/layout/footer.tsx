import { Box, Text } from '@chakra-ui/react';
import { PROVIDER_NAME } from '../config';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" borderColor="border.muted" py="4" px="6" textAlign="center">
      <Text fontSize="sm" color="fg.muted">
        © {new Date().getFullYear()} {PROVIDER_NAME}. All rights reserved.
      </Text>
    </Box>
  );
}
