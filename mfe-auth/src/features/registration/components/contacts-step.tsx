import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ContactDraft } from '@portal/domain';
import { ExposedComponent } from '@portal/ui';
import { useT } from '../../../messages';

export interface ContactsStepProps {
  contacts: ContactDraft[];
  onChange(contacts: ContactDraft[]): void;
  onBack(): void;
  onNext(): void;
}

/** Step 2, Contacts: the companies remote's ContactsEditor on the wizard's own list; one contact at least to go on. */
export function ContactsStep({ contacts, onChange, onBack, onNext }: ContactsStepProps) {
  const t = useT();
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('register.contactsIntro')}</Text>
      <ExposedComponent name="companies/ContactsEditor" props={{ contacts, onChange }} />
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Button variant="outline" onClick={onBack}>{t('register.backToCompany')}</Button>
        <Button colorPalette="blue" disabled={contacts.length === 0} onClick={onNext}>{t('register.setPreferences')}</Button>
      </HStack>
    </Stack>
  );
}
