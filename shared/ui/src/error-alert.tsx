import { Alert } from '@chakra-ui/react';

/** A failure the user should see (not only a console log): a string, or an error's message. Nothing when empty. */
export function ErrorAlert({ message, size }: { message: unknown; size?: 'sm' | 'md' }) {
  if (!message) return null;
  const text = message instanceof Error ? message.message : String(message);
  return (
    <Alert.Root status="error" role="alert" size={size}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
