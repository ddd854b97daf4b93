import { HStack, Stack, Text } from '@chakra-ui/react';
import type { MessageRecipient } from '@portal/contract';
import { useT } from '../../messages';

/** The resolved recipients, each with a checkbox to leave it out. */
export function RecipientList({ recipients, unticked, onToggle }: {
  recipients: readonly MessageRecipient[];
  unticked: ReadonlySet<string>;
  onToggle(key: string): void;
}) {
  const t = useT();
  if (recipients.length === 0) return <Text color="fg.muted">{t('messageCentre.noRecipients')}</Text>;
  return (
    <Stack as="ul" aria-label={t('messageCentre.recipientList')} gap="1" maxH="48" overflowY="auto" borderWidth="1px" rounded="md" p="2" listStyleType="none">
      {recipients.map((recipient) => {
        const key = recipientKey(recipient);
        return (
          <HStack as="li" key={key} fontSize="sm">
            <HStack as="label" gap="2">
              <input type="checkbox" checked={!unticked.has(key)} onChange={() => onToggle(key)} />
              <Text as="span" fontWeight="medium">{recipient.name}</Text>
              <Text as="span" color="fg.muted">{recipient.email}</Text>
              {recipient.company_name ? <Text as="span" color="fg.muted">· {recipient.company_name}</Text> : null}
            </HStack>
          </HStack>
        );
      })}
    </Stack>
  );
}

/** A recipient is a contact, for clients per company. */
export const recipientKey = (recipient: MessageRecipient) => `${recipient.contact_id}:${recipient.company_id ?? ''}`;
