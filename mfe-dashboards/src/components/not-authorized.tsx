import { Alert } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';

export function NotAuthorized() {
  return (
    <Alert.Root status="error" variant="subtle">
      <Alert.Indicator />
      <Alert.Title>{MESSAGES.notAuthorized}</Alert.Title>
    </Alert.Root>
  );
}
