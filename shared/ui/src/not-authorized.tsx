import { Alert, Box } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';

/** Spec 001 §8: what a screen shows someone its gate refuses ('You are not authorized to view this page.'). */
export function NotAuthorized() {
  return (
    <Box p="6">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{MESSAGES.notAuthorized}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
