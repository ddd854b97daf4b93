import { Alert, Box } from '@chakra-ui/react';
import { MESSAGES } from '@portal/domain';
import { useMessageText } from '@portal/i18n/message-text';

/** What a screen shows someone its gate refuses ('You are not authorized to view this page.'; docs/product/messages.md#error-catalogue). */
export function NotAuthorized() {
  const messageText = useMessageText();
  return (
    <Box p="6">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{messageText(MESSAGES.notAuthorized)}</Alert.Title>
      </Alert.Root>
    </Box>
  );
}
