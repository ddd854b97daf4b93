import { Alert } from '@chakra-ui/react';
import { useMessageText } from '@portal/i18n/message-text';

/**
 * A failure the user should see (not only a console log): a string, or an error's message, in the person's language
 * when it is one of the product's fixed texts (useMessageText). Nothing when empty.
 */
export function ErrorAlert({ message, size }: { message: unknown; size?: 'sm' | 'md' }) {
  const messageText = useMessageText();
  if (!message) return null;
  const text = messageText(message instanceof Error ? message.message : String(message));
  return (
    <Alert.Root status="error" role="alert" size={size}>
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}
