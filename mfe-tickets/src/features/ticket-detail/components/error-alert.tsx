import { Alert } from '@chakra-ui/react';

/** The danger alert of the ticket screen (spec 000 §2): a load or change error. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Title>{message}</Alert.Title>
    </Alert.Root>
  );
}
